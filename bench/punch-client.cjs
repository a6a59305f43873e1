'use strict';

// The punch line of `npm run bench` (bench/punch.ts): each connection is one person who clocks in and out, again and
// again, so connections never wait on each other's person. autocannon loads this file in its worker thread (a
// function cannot cross into it); run.ts puts the people and the two requests in BENCH_PUNCH before the load starts,
// and "__PERSON__" in a request's body becomes the connection's person.
let next = 0;

module.exports = function setupClient(client) {
  const { people, requests } = JSON.parse(process.env.BENCH_PUNCH);
  const person = String(people[next++ % people.length]);
  client.setRequests(requests.map((r) => ({ ...r, body: r.body.replaceAll('"__PERSON__"', person) })));
};
