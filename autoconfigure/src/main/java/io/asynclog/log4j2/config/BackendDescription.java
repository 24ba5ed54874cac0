package io.asynclog.log4j2.config;

import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.springframework.core.env.Environment;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.report.StartupReport;
import io.asynclog.log4j2.queue.BlockingQueueFullPolicy;
import io.asynclog.log4j2.queue.CountingDiscardPolicy;
import io.asynclog.log4j2.queue.PipelineView;
import io.asynclog.log4j2.queue.QueueSettings;

/**
 * Says, once the application has started, what asynclog set up on Log4j2, and in all-async
 * mode which settings arrived too late to apply.
 *
 * @author asynclog
 */
public final class BackendDescription {

	/** Settings read when the all-async ring starts, with the system property that sets each in time. */
	private static final String[][] ALL_ASYNC_SETTINGS = { { "ring-buffer-size", "log4j2.asyncLoggerRingBufferSize" },
			{ "wait-strategy", "log4j2.asyncLoggerWaitStrategy" }, { "wait-timeout", "log4j2.asyncLoggerTimeout" },
			{ "queue-full-policy", QueueSettings.PROPERTY_AS_DOCUMENTED },
			{ "discard-threshold", QueueSettings.THRESHOLD_PROPERTY_AS_DOCUMENTED } };

	private BackendDescription() {
	}

	public static LoggingBackend.StartupLines describe(LoggerContext context, Environment environment) {
		Configuration configuration = context.getConfiguration();
		if (!(configuration instanceof AsyncLogConfiguration asyncLog)) {
			return new LoggingBackend.StartupLines(List.of(), List.of("asynclog: the Log4j2 configuration in use (" + configuration.getName()
					+ ") is not the one asynclog set up, so the queue report, shutdown drain and run-time level"
					+ " handling do not apply: a file of a type asynclog does not read is used as Log4j2 parsed it,"
					+ " and so is a logging.log4j2.config.override file Log4j2 could not load a second time"));
		}
		AsyncLogProperties properties = asyncLog.properties();
		List<String> info = new ArrayList<>(StartupReport.lines(asyncLog.mode(), properties,
				PipelineView.queues(context), PipelineView.appenders(context), PipelineView.routes(context)));
		List<String> locations = asyncLog.locations();
		if (locations.size() > 1) {
			info.add(1, "asynclog: Log4j2 configuration %s with logging.log4j2.config.override %s, set up as one"
				.formatted(locations.get(0), String.join(", ", locations.subList(1, locations.size()))));
		}
		info.add(StartupReport.allocation("Log4j2", ReusableMessages.threadLocalsOn(),
				ReusableMessages.threadLocalsOn() ? "its thread-locals are on: garbage-free log calls"
						: "its thread-locals are off: a web application in a servlet container, or"
								+ " log4j2.enableThreadlocals=false"));
		List<String> warnings = new ArrayList<>();
		if (asyncLog.mode() == AsyncLogProperties.Mode.ALL_ASYNC) {
			for (String[] setting : ALL_ASYNC_SETTINGS) {
				String property = AsyncLogProperties.PREFIX + "." + setting[0];
				if (environment.containsProperty(property)) {
					warnings.add(("asynclog: %s was not applied: in all-async mode Log4j2 starts its ring buffer"
							+ " before application.yml is read; start the JVM with -D%s instead").formatted(property,
									setting[1]));
				}
			}
			// The system property, as the ring read it at start; asynclog's own property source answers later.
			String policy = System.getProperty(QueueSettings.PROPERTY_AS_DOCUMENTED,
					System.getProperty(QueueSettings.PROPERTY, ""));
			if (!QueueSettings.isAsynclogs(policy)) {
				warnings.add(("asynclog: the all-async ring uses Log4j2's own queue-full policy, which loses events"
						+ " without a word on Disruptor 4 when several threads wait on a full ring; start the JVM with"
						+ " -D%s=%s (or %s to drop and count)").formatted(QueueSettings.PROPERTY_AS_DOCUMENTED,
								BlockingQueueFullPolicy.class.getName(), CountingDiscardPolicy.class.getName()));
			}
		}
		return new LoggingBackend.StartupLines(info, warnings);
	}

}
