// Loaded by path in autocannon's worker thread (functions cannot be copied there): gives every
// request a checkout id of its own, since the server places one order per id.
const { randomUUID } = require('node:crypto');

module.exports = (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } });
