import { onServer } from '../../src/server/test/postgresServer.js';

/**
 * Runs a PostgreSQL checkpoint, so that the measurement which follows starts just after one, as
 * every other run does. Otherwise a run starting soon after a checkpoint (one comes with each
 * CREATE DATABASE, pgbench's set-up and every five minutes) paid for writing whole pages to the
 * WAL that a run starting later did not, and the same code measured up to a fifth apart.
 */
export const checkpoint = (serverUrl: string) => onServer(serverUrl, 'checkpoint');
