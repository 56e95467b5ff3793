// Imports each entry point named on the command line in plain Node, one after the other, and
// prints what happened to each as JSON: loaded, or the error (a chat stack's package not installed
// is ERR_MODULE_NOT_FOUND naming that package).
const results = {};
for (const specifier of process.argv.slice(2)) {
  try {
    await import(specifier);
    results[specifier] = { loaded: true };
  } catch (error) {
    results[specifier] = { loaded: false, code: error.code, message: error.message.split('\n')[0] };
  }
}
console.log(JSON.stringify(results));
