package io.asynclog.bothbackends;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.core.io.support.SpringFactoriesLoader;

import io.asynclog.core.config.AsyncLogProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.aot.hint.predicate.RuntimeHintsPredicates.reflection;
import static org.springframework.aot.hint.predicate.RuntimeHintsPredicates.resource;

/**
 * asynclog's runtime hints on either backend's class path, loaded from
 * {@code META-INF/spring/aot.factories} as Spring's AOT processing loads them: the
 * backend-neutral ones; Log4j2's only where log4j-core is (their content is
 * {@code Log4j2RuntimeHintsTests}); and what Spring's own registrars cover, which asynclog
 * therefore does not repeat.
 */
class RuntimeHintsTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final String AOT_FACTORIES = "META-INF/spring/aot.factories";

	private final ClassLoader classLoader = RuntimeHintsTests.class.getClassLoader();

	@Test
	void asynclogsRegistrarsAreListedInAotFactories() {
		assertThat(asynclogsRegistrars()).extracting((registrar) -> registrar.getClass().getName())
			.containsExactlyInAnyOrder("io.asynclog.autoconfigure.AsyncLogRuntimeHints",
					"io.asynclog.log4j2.lifecycle.Log4j2RuntimeHints");
	}

	@Test
	void asyncLogPropertiesCanBeBoundBeforeAnyBeanExists() throws Exception {
		RuntimeHints hints = asynclogsHints();
		assertThat(hints).matches(reflection().onType(AsyncLogProperties.class), "AsyncLogProperties")
			.matches(reflection().onConstructorInvocation(AsyncLogProperties.class.getConstructor()), "its constructor")
			.matches(reflection().onMethodInvocation(AsyncLogProperties.class, "setRingBufferSize"), "a setter")
			.matches(reflection().onMethodInvocation(AsyncLogProperties.class, "getAppenders"), "a map's getter")
			.matches(reflection().onMethodInvocation(AsyncLogProperties.Appender.class, "setType"),
					"a setter of an appender, a map's value")
			.matches(reflection().onMethodInvocation(AsyncLogProperties.Health.class, "setFillThreshold"),
					"a setter of a nested group");
	}

	@Test
	void classesTheRemoteAppendersLookUpByNameAreThere() {
		RuntimeHints hints = asynclogsHints();
		assertThat(hints)
			.matches(reflection().onType(TypeReference.of("org.apache.kafka.clients.producer.KafkaProducer")))
			.matches(reflection().onType(TypeReference.of("net.jpountz.lz4.LZ4Factory")))
			.matches(reflection()
				.onType(TypeReference.of("io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter")))
			.matches(reflection().onType(TypeReference.of("org.apache.kafka.common.serialization.ByteArraySerializer"))
				.withMemberCategory(MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS));
	}

	@Test
	void log4j2sHintsOnlyWhereLog4jCoreIs() {
		RuntimeHints hints = asynclogsHints();
		boolean log4j2 = BACKEND == BackendUnderTest.LOG4J2;
		assertThat(hints.reflection().typeHints().anyMatch((hint) -> hint.getType().getName().startsWith("io.asynclog.log4j2.")))
			.as("hints for asynclog's Log4j2 classes").isEqualTo(log4j2);
		assertThat(resource().forResource("META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat")
			.test(hints)).as("Log4j2's plugin cache").isEqualTo(log4j2);
	}

	@Test
	void springsOwnRegistrarsCoverWhatAsynclogListsInSpringFactories() {
		RuntimeHints hints = new RuntimeHints();
		// Every registrar, Spring's included, as the AOT processing runs them.
		SpringFactoriesLoader.forResourceLocation(AOT_FACTORIES, this.classLoader)
			.load(RuntimeHintsRegistrar.class)
			.forEach((registrar) -> registrar.registerHints(hints, this.classLoader));
		assertThat(hints).matches(resource().forResource("META-INF/spring.factories"));
		for (String listed : List.of("io.asynclog.log4j2.lifecycle.Log4j2Detector",
				"io.asynclog.logback.lifecycle.LogbackDetector", "io.asynclog.autoconfigure.AsyncLogEnvironmentPostProcessor",
				"io.asynclog.autoconfigure.AsyncLogFailureAnalyzer", "io.asynclog.core.lane.kafka.KafkaSettingsCheck")) {
			assertThat(hints).as(listed)
				.matches(reflection().onType(TypeReference.of(listed))
					.withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS));
		}
		// Logback's LoggerContext, which LogbackDetector looks up by name, is Spring Boot's.
		if (BACKEND == BackendUnderTest.LOGBACK) {
			assertThat(hints).matches(reflection().onType(TypeReference.of("ch.qos.logback.classic.LoggerContext")));
		}
	}

	private List<RuntimeHintsRegistrar> asynclogsRegistrars() {
		return SpringFactoriesLoader.forResourceLocation(AOT_FACTORIES, this.classLoader)
			.load(RuntimeHintsRegistrar.class)
			.stream()
			.filter((registrar) -> registrar.getClass().getName().startsWith("io.asynclog."))
			.toList();
	}

	private RuntimeHints asynclogsHints() {
		RuntimeHints hints = new RuntimeHints();
		asynclogsRegistrars().forEach((registrar) -> registrar.registerHints(hints, this.classLoader));
		return hints;
	}

}
