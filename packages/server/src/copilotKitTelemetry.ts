// CopilotKit's runtime decides whether it sends telemetry when its modules load (a process-wide
// client), so this module, imported before them, switches it off unless the environment says
// otherwise: the tests and the demo reach no network service.
process.env.COPILOTKIT_TELEMETRY_DISABLED ??= 'true';
