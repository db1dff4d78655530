// Loaded by path in autocannon's worker thread (functions cannot be copied there): each connection
// starts at a place of its own in the list of requests. Otherwise every connection sends the
// first request, then the second, at the same moment: one customer's cart at one restaurant,
// fifty times at once, which no real crowd of customers does.
module.exports = (client) => {
  const { requests } = client.opts;
  if (!requests || requests.length < 2) return;
  const start = Math.floor(Math.random() * requests.length);
  client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
};
