// The server's entry point. Tracing (OpenTelemetry, only with OTEL_EXPORTER_OTLP_ENDPOINT) must be set up before
// the HTTP server and the database driver are loaded, so everything else is imported after it.
import { startTracing } from './platform/tracing.js';

// A handle kept on the event loop while the server starts: with none (awaiting only V8's WebAssembly compile of the
// embedded database, say), Node leaves the loop and blocks until V8's background compiles are all done, ~0.3 s
// after the server is listening before it accepts the first connection.
const starting = setInterval(() => {}, 60_000);
const tracing = await startTracing();
const { serve, exitOnStartupError } = await import('./serve.js');
await serve(tracing).catch(exitOnStartupError);
clearInterval(starting);
