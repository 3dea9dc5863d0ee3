import { act, screen, waitFor } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n.ts';
import { patientRoutes } from '../../patient-fixtures.ts';

let isOnline = true;

const goOffline = (isOffline: boolean) => {
  isOnline = !isOffline;
  act(() => {
    window.dispatchEvent(new Event(isOffline ? 'offline' : 'online'));
  });
};

describe("the patient frame's offline notice (decision 1355)", () => {
  afterEach(() => changeLanguage('en'));

  it('says the phone is offline in a status line, in English and Spanish, and goes when the network is back', async () => {
    changeLanguage('en');
    vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => isOnline);
    fixtureApi(patientRoutes());
    renderApp('/my/today', { token: 'patient-token' });
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

    goOffline(true);
    const status = screen.getAllByRole('status').find((element) => element.classList.contains('pa-notices'));
    expect(status).toHaveTextContent(
      "You are offline. Today's program is from your last visit. What you log is kept on this phone and sent when you are back online.",
    );

    await act(async () => {
      await changeLanguage('es');
    });
    expect(await screen.findByText(/Está sin conexión/)).toBeInTheDocument();

    goOffline(false);
    await waitFor(() => expect(screen.queryByText(/Está sin conexión/)).not.toBeInTheDocument());
  });
});
