package io.asynclog.log4j2.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.ThresholdFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.TestApplications;
import io.asynclog.log4j2.queue.QueueProbe;

/**
 * A user's own Log4j2 file keeps its appenders (with their immediateFlush), layouts, filters,
 * levels and additivity, and its loggers become asynchronous.
 */
class UserConfigurationTests {

	@TempDir
	Path dir;

	@Test
	void ownXmlFileKeepsItsSettingsAndBecomesAsynchronous() throws IOException {
		Path config = this.dir.resolve("my-log4j2.xml");
		Path app = this.dir.resolve("app.log");
		Path payments = this.dir.resolve("payments.log");
		Files.writeString(config, """
				<Configuration status="WARN">
				  <Appenders>
				    <File name="App" fileName="%s"><PatternLayout pattern="APP %%p %%m%%n"/></File>
				    <File name="Payments" fileName="%s">
				      <PatternLayout pattern="PAY %%m%%n"/>
				      <ThresholdFilter level="WARN"/>
				    </File>
				  </Appenders>
				  <Loggers>
				    <Logger name="com.example.payments" level="debug" additivity="false">
				      <AppenderRef ref="Payments"/>
				    </Logger>
				    <Root level="info"><AppenderRef ref="App"/></Root>
				  </Loggers>
				</Configuration>
				""".formatted(app, payments));
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + config)) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			LoggerConfig paymentsLogger = configuration.getLoggers().get("com.example.payments");
			assertThat(paymentsLogger).isInstanceOf(AsyncLoggerConfig.class);
			assertThat(paymentsLogger.getLevel()).isEqualTo(Level.DEBUG);
			assertThat(paymentsLogger.isAdditive()).isFalse();
			assertThat(paymentsLogger.getAppenders()).as("its own appender, and the delivery lag probe of a path that ends here")
				.containsOnlyKeys("Payments", QueueProbe.NAME_PREFIX + "async-logger");
			assertThat(configuration.<org.apache.logging.log4j.core.appender.FileAppender>getAppender("Payments").getFilter()).isInstanceOf(ThresholdFilter.class);
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			LogFactory.getLog("com.example.payments").info("filtered out by the appender's filter");
			LogFactory.getLog("com.example.payments").warn("declined");
			LogFactory.getLog("com.example.Shop").info("opened");
			assertThat(TestApplications.awaitLines(payments, 1)).containsExactly("PAY declined");
			assertThat(TestApplications.awaitLines(app, 1)).contains("APP INFO opened")
				.noneMatch((line) -> line.contains("declined"));
		}
	}

	@Test
	void appendersChosenByArbitersAreFoundAndTheRootBecomesAsynchronous() throws IOException {
		Path config = this.dir.resolve("arbiter-log4j2.xml");
		Path chosen = this.dir.resolve("chosen.log");
		Path other = this.dir.resolve("other.log");
		Files.writeString(config, """
				<Configuration status="WARN">
				  <Appenders>
				    <Select>
				      <SystemPropertyArbiter propertyName="asynclog.test.arbiter" propertyValue="never-set">
				        <File name="Out" fileName="%s"><PatternLayout pattern="OTHER %%m%%n"/></File>
				      </SystemPropertyArbiter>
				      <DefaultArbiter>
				        <File name="Out" fileName="%s"><PatternLayout pattern="CHOSEN %%m%%n"/></File>
				      </DefaultArbiter>
				    </Select>
				  </Appenders>
				  <Loggers>
				    <Root level="info"><AppenderRef ref="Out"/></Root>
				  </Loggers>
				</Configuration>
				""".formatted(other, chosen));
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + config,
				"asynclog.loggers[com.example].appenders=Out")) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			LogFactory.getLog("com.example.Shop").info("opened");
			assertThat(TestApplications.awaitLines(chosen, 1)).contains("CHOSEN opened");
			assertThat(other).doesNotExist();
		}
	}

	@Test
	void appendersOfTheUsersOwnFileKeepTheirSetting() throws IOException {
		// Named as Spring Boot's appenders are, and reached from the ring only: what counts is
		// whose file declares it. The Console stays Log4j2's, which flushes every line whatever it
		// says (apache/logging-log4j2#4262), rather than becoming asynclog's batching console.
		Path config = this.dir.resolve("my-log4j2.xml");
		Files.writeString(config, """
				<Configuration status="WARN">
				  <Appenders>
				    <File name="File" fileName="%s"><PatternLayout pattern="%%m%%n"/></File>
				    <File name="Quiet" fileName="%s" immediateFlush="false"><PatternLayout pattern="%%m%%n"/></File>
				    <Console name="Console" target="SYSTEM_OUT" immediateFlush="false"><PatternLayout pattern="%%m%%n"/></Console>
				  </Appenders>
				  <Loggers>
				    <Root level="info">
				      <AppenderRef ref="File"/><AppenderRef ref="Quiet"/><AppenderRef ref="Console"/>
				    </Root>
				  </Loggers>
				</Configuration>
				""".formatted(this.dir.resolve("app.log"), this.dir.resolve("quiet.log")));
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + config)) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			assertThat(flushOf(configuration, "File")).isTrue();
			assertThat(flushOf(configuration, "Quiet")).isFalse();
			assertThat(configuration.getAppenders().get("Console")).isExactlyInstanceOf(ConsoleAppender.class);
		}
	}

	private static boolean flushOf(Configuration configuration, String name) {
		AbstractOutputStreamAppender<?> appender = configuration.getAppender(name);
		return appender.getImmediateFlush();
	}

}
