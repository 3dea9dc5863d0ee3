/**
 * The server side of the upload benchmark, in a process of its own: the real API with its production logger
 * settings, on an embedded database in BENCH_UPLOAD_WORK, storing videos in BENCH_UPLOAD_WORK/videos. It makes
 * one clinic and therapist and answers `GET /bench/token` with a session token for the runner.
 * Processing (ffprobe, ffmpeg) runs after an upload and is not measured.
 */
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { makeClinic, makeUser, PASSWORD } from '../../apps/api/test/factories.ts';
import { testConfig } from '../../apps/api/test/helpers.ts';

const work = process.env.BENCH_UPLOAD_WORK!;
const database = await openDatabase({ dataDir: path.join(work, 'data') });
await runMigrations(database);
const config = testConfig({
  LOG_LEVEL: 'info',
  VIDEO_STORAGE_DIR: path.join(work, 'videos'),
  FFPROBE_PATH: '/nonexistent',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
});
const app = await buildApp({ config, database });
const clinic = await makeClinic(database.db);
const user = await makeUser(database.db, clinic.id);
app.get('/bench/token', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/clinic/therapist/signin',
    payload: { email: user.email, password: PASSWORD },
  });
  return { token: res.json().token };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => app.close().then(() => database.close().then(() => process.exit(0))));
