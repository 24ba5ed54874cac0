package io.asynclog.logback.config;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;

import io.asynclog.core.backend.LoggingBackend.StartupLines;
import io.asynclog.core.report.StartupReport;
import io.asynclog.logback.queue.PipelineView;

/**
 * Says, once the application has started, what asynclog set up: the mode, every queue, every
 * appender and where each logger writes; or, when Logback runs a configuration asynclog did
 * not set up, that its queues, drain and counters do not apply.
 *
 * @author asynclog
 */
public final class BackendDescription {

	private BackendDescription() {
	}

	/**
	 * Describes what runs in a logger context.
	 * @param context the logger context
	 * @return the start-up report's lines
	 */
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
