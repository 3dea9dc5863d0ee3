import { openDatabase } from './src/db/client.ts';
import { runMigrations } from './src/db/migrate.ts';

let t = Date.now();
const d = await openDatabase({});
console.log('open', Date.now() - t);
t = Date.now();
await runMigrations(d);
console.log('migrate+load', Date.now() - t);
