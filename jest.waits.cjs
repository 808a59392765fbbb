// testing-library's waits (waitFor, findBy*) give up after 1 s by default. `npm test` runs the
// unit tests at nice 10 beside the build on two cores, where a swap box's first estimate once
// took longer than that: such a failure says nothing about the code. A wait that succeeds still
// returns as soon as its condition holds. Only where there is a DOM (a node test file would load
// testing-library for nothing).
if (typeof document !== 'undefined')
  require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
