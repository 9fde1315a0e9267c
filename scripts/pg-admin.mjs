// Small admin calls for the test command: ping, create or drop a database.
import pg from 'pg';

const [url, command, name] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
await client.connect();
try {
  if (command === 'create') await client.query(`create database "${name}"`);
  if (command === 'drop') await client.query(`drop database if exists "${name}" with (force)`);
} finally {
  await client.end();
}
