import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s instead of 1 s: a lazy route's first render on a loaded 2-core CI machine can take
// longer than a second (seen as a missing QuickBooks dialog). A behaviour that never comes still fails, just later.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only cleans up on its own when test globals are enabled; ours are imported.
afterEach(cleanup);

// jsdom does no layout and only logs "not implemented" here; the router's scroll restoration calls it.
window.scrollTo = () => {};
