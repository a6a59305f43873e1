import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only cleans up on its own when test globals are enabled; ours are imported.
afterEach(cleanup);

// jsdom does no layout and only logs "not implemented" here; the router's scroll restoration calls it.
window.scrollTo = () => {};
