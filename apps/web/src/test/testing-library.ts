import { configure } from '@testing-library/dom';

// findBy… and waitFor wait up to 5 s, where Testing Library's 1 s default failed a page's test (a toast after a
// rejected request) on two busy cores. A passing test never waits the whole time.
configure({ asyncUtilTimeout: 5_000 });
