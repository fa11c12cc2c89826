// Preloaded (`node --require`) into a server the tests stop with SIGTERM: exiting through process.exit instead
// of the signal's default lets Node write its compile cache (NODE_COMPILE_CACHE) at exit.
process.once('SIGTERM', () => process.exit(143))
