package io.asynclog.log4j2.config;

import java.net.URL;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.TestApplications;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AppenderDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.log4j2.appender.BatchingConsole;

/**
 * Spring Boot's own Console and logging.file.name appenders flush at the end of each batch
 * where only a queue reaches them, every line where a synchronous logger writes to them or
 * asynclog.immediate-flush says so, as the endpoint and the start-up report show.
 * <p>
 * Log4j2 2.25's ConsoleAppender builds itself with immediateFlush=true whatever its
 * attribute says (apache/logging-log4j2#4262): where the Console is to flush at the end of
 * each batch it is asynclog's {@link BatchingConsole}, under the same name, and
 * Log4j2's own everywhere else. {@link io.asynclog.log4j2.appender.ConsoleBatchingTests} counts the writes.
 */
@ExtendWith(OutputCaptureExtension.class)
class SpringBootAppendersFlushTests {

	private static final Map<String, Long> NOTHING_DROPPED = Map.of("recursive-call", 0L, "appender-stopped", 0L);


	private static final int LINES = 20_000;

	@TempDir
	Path dir;

	@Test
	void asyncLoggerModeFlushesBothAtTheEndOfEachBatch() {
		try (ConfigurableApplicationContext context = TestApplications.run("logging.file.name=" + file())) {
			assertThat(bootAppender("Console")).isInstanceOf(BatchingConsole.class);
			assertThat(bootAppender("File")).isInstanceOf(RollingFileAppender.class);
			assertFlushes("Console", false);
			assertFlushes("File", false);
		}
	}

	@Test
	void asyncAppenderModeFlushesBothAtTheEndOfEachBatch() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=async-appender",
				"logging.file.name=" + file())) {
			assertThat(TestApplications.loggerContext().getConfiguration().getAppenders())
				.containsKeys(AsyncAppenderWrapper.NAME_PREFIX + "Console", AsyncAppenderWrapper.NAME_PREFIX + "File");
			assertThat(bootAppender("Console")).isInstanceOf(BatchingConsole.class);
			assertFlushes("Console", false);
			assertFlushes("File", false);
		}
	}

	@Test
	void syncModeKeepsTheFlushOfEveryLine() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=sync",
				"logging.file.name=" + file())) {
			assertThat(bootAppender("Console")).isExactlyInstanceOf(ConsoleAppender.class);
			assertThat(bootAppender("Console").getImmediateFlush()).isTrue();
			assertThat(bootAppender("File").getImmediateFlush()).isTrue();
		}
	}

	@Test
	void immediateFlushTrueFlushesEveryLineInTheAsyncModes() {
		for (String mode : List.of("async-logger", "async-appender")) {
			try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=" + mode,
					"asynclog.immediate-flush=true", "logging.file.name=" + file())) {
				assertThat(bootAppender("Console")).isExactlyInstanceOf(ConsoleAppender.class);
				assertFlushes("Console", true);
				assertFlushes("File", true);
			}
		}
	}

	@Test
	void anAppenderASynchronousLoggerWritesToKeepsTheFlushOfEveryLine() {
		try (ConfigurableApplicationContext context = TestApplications.run("logging.file.name=" + file(),
				"asynclog.loggers[com.example.audit].mode=sync", "asynclog.loggers[com.example.audit].appenders=File",
				"asynclog.loggers[com.example.audit].additivity=false")) {
			assertThat(bootAppender("File").getImmediateFlush()).as("written on the audit logger's thread").isTrue();
			assertFlushes("Console", false);
		}
	}

	@Test
	void theRewriterAsksBothForTheSettingWhereOnlyAQueueReachesThem() throws Exception {
		// The Console's attribute is rewritten too, and it becomes asynclog's batching console
		// only where the setting is false.
		assertThat(rewrittenFlush(Mode.ASYNC_LOGGER)).containsEntry("Console", "false").containsEntry("File", "false");
		assertThat(rewrittenFlush(Mode.ASYNC_APPENDER)).containsEntry("Console", "false")
			.containsEntry("File", "false");
		assertThat(rewrittenFlush(Mode.ALL_ASYNC)).containsEntry("Console", "false").containsEntry("File", "false");
		assertThat(rewrittenFlush(Mode.ASYNC_LOGGER, "asynclog.immediate-flush=true")).containsEntry("Console", "true")
			.containsEntry("File", "true");
		assertThat(rewrittenFlush(Mode.SYNC)).containsEntry("Console", "null").containsEntry("File", "null");
		assertThat(rewrittenTypes(Mode.ASYNC_LOGGER)).containsEntry("Console", BatchingConsole.PLUGIN_NAME)
			.containsEntry("File", "RollingFile");
		assertThat(rewrittenTypes(Mode.ASYNC_APPENDER)).containsEntry("Console", BatchingConsole.PLUGIN_NAME);
		assertThat(rewrittenTypes(Mode.ALL_ASYNC)).containsEntry("Console", BatchingConsole.PLUGIN_NAME);
		assertThat(rewrittenTypes(Mode.ASYNC_LOGGER, "asynclog.immediate-flush=true")).containsEntry("Console",
				"Console");
		assertThat(rewrittenTypes(Mode.SYNC)).containsEntry("Console", "Console");
		// The synchronous root writes to the File as well: it keeps flushing every line.
		assertThat(rewrittenFlush(Mode.SYNC, "asynclog.loggers[com.example].mode=async",
				"asynclog.loggers[com.example].appenders=File")).containsEntry("Console", "null")
			.containsEntry("File", "null");
		// Only the async logger writes to the File.
		assertThat(rewrittenFlush(Mode.SYNC, "asynclog.loggers[com.example].mode=async",
				"asynclog.loggers[com.example].appenders=File", "asynclog.loggers.root.appenders=Console"))
			.containsEntry("Console", "null")
			.containsEntry("File", "false");
	}

	@Test
	void theEndpointShowsTheFlushEachRunsWith() {
		// Here rather than in AsyncLogEndpointTests: once logging.file.name was set, later
		// applications in the same JVM still get Spring Boot's File appender.
		try (ConfigurableApplicationContext context = TestApplications.run(
				"management.endpoints.web.exposure.include=asynclog", "logging.file.name=" + file())) {
			// asynclog's batching console stands in for Log4j2's under the Console's name and type.
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).containsExactlyInAnyOrder(
					new AppenderDescriptor("Console", "Console", null, false, true, 0, NOTHING_DROPPED, null),
					new AppenderDescriptor("File", "RollingFile", file().toString(), false, true, 0, NOTHING_DROPPED, null));
		}
		try (ConfigurableApplicationContext context = TestApplications.run(
				"management.endpoints.web.exposure.include=asynclog", "asynclog.mode=sync",
				"logging.file.name=" + file())) {
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).containsExactlyInAnyOrder(
					new AppenderDescriptor("Console", "Console", null, true, false, 0, NOTHING_DROPPED, null),
					new AppenderDescriptor("File", "RollingFile", file().toString(), true, false, 0, NOTHING_DROPPED, null));
		}
	}

	@Test
	void theStartupReportSaysWhenEachAppenderFlushes(CapturedOutput output) {
		try (ConfigurableApplicationContext context = TestApplications.run("logging.file.name=" + file())) {
			assertThat(output).contains("asynclog: appender 'Console' (Console, flush at end of batch)")
				.contains("asynclog: appender 'File' (RollingFile, flush at end of batch)");
		}
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=sync",
				"logging.file.name=" + file(), "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("main.log"),
				"asynclog.loggers.root.appenders=Console,File,main")) {
			assertThat(output).contains("asynclog: appender 'File' (RollingFile, flush every line)")
				.contains("asynclog: appender 'main' (RandomAccessFile, flush when its buffer is full)");
		}
	}

	@Test
	void everyLineIsInTheFileOnceTheRingIsEmptyWithoutShutdownOrFlush() {
		try (ConfigurableApplicationContext context = TestApplications.run("logging.file.name=" + file(),
				"logging.pattern.file=%m%n", "logging.level.root=warn", "logging.level.test=info")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			assertThat(bootAppender("File").getImmediateFlush()).isFalse();
			TestApplications.logInfo("test", "line ", LINES);
			// The ring reads empty once the background thread has handled its last batch, whose
			// last event flushed the file's buffer; nothing else empties it here.
			TestApplications.awaitQueuesEmpty(loggerContext);
			List<String> lines = TestApplications.lines(file());
			assertThat(lines).hasSize(LINES).startsWith("line 0").endsWith("line " + (LINES - 1));
		}
	}

	@Test
	void everyLineReachesTheFileThroughAnAsyncAppenderWithoutShutdownOrFlush() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=async-appender",
				"logging.file.name=" + file(), "logging.pattern.file=%m%n", "logging.level.root=warn",
				"logging.level.test=info")) {
			assertThat(bootAppender("File").getImmediateFlush()).isFalse();
			TestApplications.logInfo("test", "line ", LINES);
			// The AsyncAppender's queue empties before its thread writes the last event, so the
			// file is read until it holds them all; nothing closes the context meanwhile.
			assertThat(TestApplications.awaitLines(file(), LINES)).hasSize(LINES).endsWith("line " + (LINES - 1));
		}
	}

	/**
	 * Asserts the immediateFlush an appender runs with.
	 */
	private static void assertFlushes(String name, boolean immediateFlush) {
		assertThat(bootAppender(name).getImmediateFlush()).as(name).isEqualTo(immediateFlush);
	}

	/**
	 * Rewrites Spring Boot's packaged log4j2-file.xml without starting it (Log4j2 empties the
	 * node tree once it has built the appenders) and returns the immediateFlush attribute of
	 * each appender.
	 */
	private static Map<String, String> rewrittenFlush(Mode mode, String... properties) throws Exception {
		Map<String, String> flush = new HashMap<>();
		for (Node appender : rewrittenAppenders(mode, properties)) {
			flush.put(Nodes.name(appender), String.valueOf(Nodes.attribute(appender, "immediateFlush")));
		}
		return flush;
	}

	/**
	 * Rewrites Spring Boot's packaged log4j2-file.xml as {@link #rewrittenFlush} does and
	 * returns the plugin of each appender.
	 */
	private static Map<String, String> rewrittenTypes(Mode mode, String... properties) throws Exception {
		Map<String, String> types = new HashMap<>();
		for (Node appender : rewrittenAppenders(mode, properties)) {
			types.put(Nodes.name(appender), appender.getType().getPluginClass().getAnnotation(Plugin.class).name());
		}
		return types;
	}

	private static List<Node> rewrittenAppenders(Mode mode, String... properties) throws Exception {
		MockEnvironment environment = new MockEnvironment();
		for (String property : properties) {
			String[] keyAndValue = property.split("=", 2);
			environment.setProperty(keyAndValue[0], keyAndValue[1]);
		}
		URL packaged = SpringBootAppendersFlushTests.class.getClassLoader()
			.getResource("org/springframework/boot/logging/log4j2/log4j2-file.xml");
		LoggerContext loggerContext = new LoggerContext("rewrite-only");
		XmlConfiguration base = new XmlConfiguration(loggerContext, ConfigurationSource.fromUri(packaged.toURI()));
		AsyncLogConfiguration configuration = new AsyncLogConfiguration(base, AsyncLogProperties.bind(environment),
				mode, environment);
		// What Log4j2's initialize() does before setup(), without building anything after it.
		configuration.getPluginManager().collectPlugins(List.of());
		configuration.setup();
		return new Nodes(configuration.getPluginManager()).appenders(configuration.getRootNode()).getChildren();
	}

	private static AbstractOutputStreamAppender<?> bootAppender(String name) {
		Configuration configuration = TestApplications.loggerContext().getConfiguration();
		AbstractOutputStreamAppender<?> appender = configuration.getAppender(name);
		assertThat(appender).as("%s in %s %s", name, configuration.getConfigurationSource().getLocation(),
				configuration.getAppenders().keySet()).isNotNull();
		return appender;
	}

	private Path file() {
		return this.dir.resolve("boot.log");
	}

}
