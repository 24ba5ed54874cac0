package io.asynclog.logback.config;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;

import io.asynclog.core.backend.LoggingBackend.StartupLines;
import io.asynclog.core.report.StartupReport;
import io.asynclog.logback.queue.PipelineView;

/**
 * Says, once the application has started, what asynclog set up on Logback, or that it does
 * not apply to the configuration that runs.
 *
 * @author asynclog
 */
public final class BackendDescription {

	private BackendDescription() {
	}

	public static StartupLines describe(LoggerContext context) {
		LogbackSetup setup = LogbackSetup.of(context);
		if (setup == null) {
			return new StartupLines(List.of(), List.of("asynclog: the Logback configuration in use is not the one"
					+ " asynclog set up, so its queues, shutdown drain and counters do not apply: Logback was"
					+ " configured again outside Spring Boot, or a reloaded file did not fit asynclog.* (see the"
					+ " message on standard error)"));
		}
		PipelineView view = PipelineView.of(context);
		List<String> info = new ArrayList<>(
				StartupReport.lines(setup.mode(), setup.properties(), view.queues(), view.appenders(),
						view.routes()));
		info.add(StartupReport.allocation("Logback", false, "Logback has no garbage-free path"));
		return new StartupLines(info, List.of());
	}

}
