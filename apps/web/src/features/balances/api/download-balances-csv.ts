import { balancesEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { download, saveFile } from '@web/lib/api-client.ts';
import { clinicQuery } from './get-balances.ts';

/** Downloads a month's balances as CSV (every row the caller may see, then the totals) and saves it as a file. */
export async function downloadBalancesCsv(clinic: string | null, month: string) {
  saveFile(await download(balancesEndpoints.export, { query: { month, ...clinicQuery(clinic) } }));
}

export const useDownloadBalancesCsv = (clinic: string | null, month: string) =>
  useMutation({ mutationFn: () => downloadBalancesCsv(clinic, month) });
