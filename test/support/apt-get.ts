/**
 * apt-get's arguments for installing Debian packages in a test run, waiting for dpkg's lock rather than failing on
 * it: the run's chromium install (test/support/chromium.ts) goes on in the background while PostgreSQL's may start.
 */
export const aptGetArgs = (command: string[]) => ['-o', 'DPkg::Lock::Timeout=600', ...command]
