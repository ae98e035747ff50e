// Preloaded into every server process a test starts (processes.ts), which keeps an IPC channel to it: when the test's
// process ends without stopping it (a Playwright worker killed after a timeout skips its fixtures' teardown), the
// channel closes and the server shuts down as on SIGTERM, instead of running on orphaned and taking the cores from
// every later test.
process.channel?.unref();
process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
