// The server's entry point. Tracing (OpenTelemetry, only with OTEL_EXPORTER_OTLP_ENDPOINT) must be set up before
// the HTTP server and the database driver are loaded, so everything else is imported after it.
import { startTracing } from './platform/tracing.js';

const tracing = await startTracing();
const { serve, exitOnStartupError } = await import('./serve.js');
await serve(tracing).catch(exitOnStartupError);
