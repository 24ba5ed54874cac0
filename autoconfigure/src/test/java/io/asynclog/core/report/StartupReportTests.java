package io.asynclog.core.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.LoggerRoute;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up report's text, the same on both backends: settings, queues, appenders and
 * where each logger with appenders of its own writes.
 */
class StartupReportTests {

	@Test
	void saysWhereEachLoggerWritesAndWhetherItsEventsGoOnToItsParent() {
		List<String> lines = StartupReport.lines(Mode.ASYNC_LOGGER, new AsyncLogProperties(),
				List.of(new LogQueue(LogQueue.ASYNC_LOGGER, LogQueue.RING_BUFFER, 16384, 16384)),
				List.of(new LogAppender("CONSOLE", "ConsoleAppender", null, false, true, 0, null),
						new LogAppender("ship", "OtlpAppender", null, null, true, 0, null)),
				List.of(new LoggerRoute(LoggerRoute.ROOT, List.of("CONSOLE", "FILE", "ship"), true),
						new LoggerRoute("com.example.audit", List.of("audit"), false),
						new LoggerRoute("com.example.web", List.of("access"), true)));
		assertThat(lines).containsExactly(
				"asynclog: mode async-logger, wait strategy timeout, queue-full policy block, include-location false",
				"asynclog: queue 'async-logger' (ring-buffer) has 16384 slots",
				"asynclog: appender 'CONSOLE' (ConsoleAppender, flush at end of batch)",
				"asynclog: appender 'ship' (OtlpAppender)",
				"asynclog: logger 'root' writes to CONSOLE, FILE, ship",
				"asynclog: logger 'com.example.audit' writes to audit",
				"asynclog: logger 'com.example.web' writes to access, then to its parent's appenders");
	}

}
