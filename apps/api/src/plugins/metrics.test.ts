import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../test/helpers.ts';
import { createJobs } from '../jobs/job-queue.ts';

const TOKEN = 'metrics-scraper-token-0123456789';
const t = await testAppForFile({ env: { METRICS_TOKEN: TOKEN } });
const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('the metrics endpoint', () => {
  it('refuses a scraper without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('rehabit_');
    }
  });

  it('counts requests by route pattern, never by their URL, and times them', async () => {
    for (const id of [901, 902]) await t.app.inject({ method: 'GET', url: `/api/v1/patients/${id}/` });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain(
      'rehabit_http_requests_total{method="GET",route="/api/v1/patients/:id/",status="401"} 2',
    );
    expect(res.body).toMatch(
      /rehabit_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/patients\/:id\/",status="401"\} 2/,
    );
    expect(res.body).not.toMatch(/\/patients\/90[12]/);
    expect(res.body).toContain('rehabit_socket_connections 0');
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('says how many jobs wait in each queue', async () => {
    const jobs = createJobs({ database: t.database, log: { error: () => {} } });
    await jobs.start();
    try {
      // Nobody works the queue here: both evaluations wait.
      for (const clinicId of [1, 2]) await jobs.send('tasks-rules', { clinicId }, { singletonKey: String(clinicId) });
      const body = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(body).toContain('rehabit_job_queue_waiting{queue="tasks-rules"} 2');
      const age = /rehabit_job_queue_oldest_waiting_seconds\{queue="tasks-rules"\} ([\d.e-]+)/.exec(body);
      expect(Number(age?.[1])).toBeGreaterThanOrEqual(0);
      expect(Number(age?.[1])).toBeLessThan(60);
    } finally {
      await jobs.stop();
    }
  });
});

describe('a server without a metrics token', () => {
  const other = createTestApp();
  afterAll(async () => (await other).close());

  it('serves no metrics', async () => {
    const res = await (await other).app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('rehabit_http_requests_total');
  });
});
