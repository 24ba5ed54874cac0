package io.asynclog.log4j2.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.filter.CompositeFilter;
import org.apache.logging.log4j.core.filter.ThresholdFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.TestApplications;
import io.asynclog.log4j2.appender.CutoffFilter;
import io.asynclog.log4j2.queue.QueueProbe;

/**
 * Where the delivery-lag probes go in a user's own configuration, and where they must not.
 */
class QueueProbesTests {

	private static final String PROBE = QueueProbe.NAME_PREFIX;

	@TempDir
	Path dir;

	@Test
	void probesComeFirstAndStayOutOfAsyncAppendersWithAnErrorAppender() throws Exception {
		Path config = this.dir.resolve("log4j2-spring.xml");
		Files.writeString(config, """
				<Configuration>
				  <Appenders>
				    <File name="Main" fileName="%s"><PatternLayout pattern="%%m%%n"/></File>
				    <File name="Fallback" fileName="%s"><PatternLayout pattern="%%m%%n"/></File>
				    <Async name="Guarded" errorRef="Fallback"><AppenderRef ref="Main"/></Async>
				    <Async name="Plain"><AppenderRef ref="Main"/></Async>
				  </Appenders>
				  <Loggers>
				    <Logger name="guarded" additivity="false"><AppenderRef ref="Guarded"/></Logger>
				    <Root level="info"><AppenderRef ref="Plain"/></Root>
				  </Loggers>
				</Configuration>
				""".formatted(this.dir.resolve("main.log"), this.dir.resolve("fallback.log")));
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + config)) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			AsyncAppender guarded = configuration.getAppender("Guarded");
			assertThat(guarded.getAppenderRefStrings()).containsExactly("Main");
			AsyncAppender plain = configuration.getAppender("Plain");
			assertThat(plain.getAppenderRefStrings()).containsExactly(PROBE + "Main", "Main");
			List<AppenderRef> rootRefs = configuration.getRootLogger().getAppenderRefs();
			assertThat(rootRefs).extracting(AppenderRef::getRef).containsExactly(PROBE + "async-logger", "Plain");
			assertThat(configuration.getLoggerConfig("guarded").getAppenderRefs()).extracting(AppenderRef::getRef)
				.containsExactly(PROBE + "async-logger", "Guarded");
		}
	}

	@Test
	void probesMeasureNothingWhenDeliveryLagIsOff() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.metrics.delivery-lag=false")) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			// Still placed: a probe is where its queue counts what is cut off at shutdown.
			assertThat(configuration.getAppenders().values()).filteredOn(QueueProbe.class::isInstance)
				.isNotEmpty()
				.allMatch((probe) -> !((QueueProbe) probe).measures());
		}
	}

	@Test
	void everyReferenceFromAQueueToAnAppenderCanBeCutOffButTheProbes() throws Exception {
		Path config = this.dir.resolve("log4j2-spring.xml");
		Files.writeString(config, """
				<Configuration>
				  <Appenders>
				    <File name="Main" fileName="%s"><PatternLayout pattern="%%m%%n"/></File>
				    <Async name="Plain"><AppenderRef ref="Main"/></Async>
				  </Appenders>
				  <Loggers>
				    <Logger name="filtered" additivity="false">
				      <AppenderRef ref="Main"><ThresholdFilter level="warn"/></AppenderRef>
				    </Logger>
				    <Root level="info"><AppenderRef ref="Plain"/></Root>
				  </Loggers>
				</Configuration>
				""".formatted(this.dir.resolve("main.log")));
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + config)) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			List<AppenderRef> rootRefs = configuration.getRootLogger().getAppenderRefs();
			assertThat(rootRefs).extracting(AppenderRef::getRef).containsExactly(PROBE + "async-logger", "Plain");
			assertThat(rootRefs.get(0).getFilter()).as("the probe's reference").isNull();
			assertThat(rootRefs.get(1).getFilter()).isInstanceOf(CutoffFilter.class);
			List<AppenderRef> filteredRefs = configuration.getLoggerConfig("filtered").getAppenderRefs();
			assertThat(filteredRefs.get(1).getFilter()).as("the user's filter, behind the cutoff")
				.isInstanceOfSatisfying(CompositeFilter.class, (composite) -> assertThat(composite.getFiltersArray())
					.hasExactlyElementsOfTypes(CutoffFilter.class, ThresholdFilter.class));
		}
	}

}
