package io.asynclog.core.lane.kafka;

import org.junit.jupiter.api.Test;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogPropertiesValidator.PatternSyntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A {@code kafka} appender's start-up check, one rejection at a time, with the message a user
 * reads: the property, the value as written, what is wrong and what is accepted. No broker:
 * kafka-clients only checks the settings.
 */
class KafkaSettingsCheckTests {

	private static final String PREFIX = "asynclog.appenders.ship.";

	/** A pattern syntax that rejects {@code %q} only. */
	private static final PatternSyntax PATTERNS = new PatternSyntax() {

		@Override
		public String library() {
			return "Logback";
		}

		@Override
		public String problem(String pattern) {
			return pattern.contains("%q") ? "no converter for 'q'" : null;
		}

		@Override
		public String accepted() {
			return "a Logback pattern, such as %d %m%n";
		}

	};

	private final KafkaSettingsCheck check = new KafkaSettingsCheck();

	@Test
	void aTopicAndABrokerAreEnough() {
		assertThatNoException().isThrownBy(() -> this.check.check(PREFIX, valid(), PATTERNS));
		AsyncLogProperties.Appender ecs = valid();
		ecs.setFormat("ecs");
		ecs.setKey("%X{traceId}");
		ecs.getProducer().put("linger.ms", "20");
		assertThatNoException().isThrownBy(() -> this.check.check(PREFIX, ecs, PATTERNS));
	}

	@Test
	void aMissingOrMalformedTopicIsRefused() {
		AsyncLogProperties.Appender appender = valid();
		appender.setTopic(" ");
		assertThat(rejection(appender)).isEqualTo("Invalid value '' for property 'asynclog.appenders.ship.topic':"
				+ " a kafka appender needs the topic its records go to.");
		appender.setTopic("app logs");
		assertThat(rejection(appender)).isEqualTo("Invalid value 'app logs' for property"
				+ " 'asynclog.appenders.ship.topic': Kafka does not accept it as a topic name.");
		appender.setTopic("..");
		assertThat(rejection(appender)).contains("'..'", "Kafka does not accept it as a topic name");
	}

	@Test
	void brokersMustBeHostAndPort() {
		AsyncLogProperties.Appender appender = valid();
		appender.setBootstrapServers(null);
		assertThat(rejection(appender)).isEqualTo("Invalid value '' for property"
				+ " 'asynclog.appenders.ship.bootstrap-servers': a kafka appender needs a broker to connect to first.");
		appender.setBootstrapServers("127.0.0.1:9092,localhost");
		assertThat(rejection(appender)).isEqualTo("Invalid value '127.0.0.1:9092,localhost' for property"
				+ " 'asynclog.appenders.ship.bootstrap-servers': 'localhost' is not host:port with a port from 1 to 65535.");
		appender.setBootstrapServers("127.0.0.1:65536");
		assertThat(rejection(appender)).contains("'127.0.0.1:65536' is not host:port");
	}

	@Test
	void aFormatIsOneOfSpringBootsStructuredFormatsAndExcludesAPattern() {
		AsyncLogProperties.Appender appender = valid();
		appender.setFormat("xml");
		assertThat(rejection(appender)).isEqualTo("Invalid value 'xml' for property 'asynclog.appenders.ship.format':"
				+ " it is not one of Spring Boot's structured logging formats.");
		appender.setFormat("ecs");
		appender.setPattern("%m%n");
		assertThat(rejection(appender)).isEqualTo("Invalid value 'ecs' for property 'asynclog.appenders.ship.format':"
				+ " 'pattern' is set too, and a record has one layout.");
	}

	@Test
	void aKeyPatternIsCheckedByTheLibraryThatRuns() {
		AsyncLogProperties.Appender appender = valid();
		appender.setKey("%q");
		assertThat(rejection(appender)).isEqualTo("Invalid value '%q' for property 'asynclog.appenders.ship.key':"
				+ " Logback rejects it: no converter for 'q'.");
		appender.setKey("fixed-q");
		assertThatNoException().isThrownBy(() -> this.check.check(PREFIX, appender, PATTERNS));
	}

	@Test
	void producerSettingsAsynclogOwnsOrKafkaRejectsAreRefused() {
		AsyncLogProperties.Appender appender = valid();
		appender.getProducer().put("value.serializer", "x");
		AsyncLogConfigurationException owned = exception(appender);
		assertThat(owned.getMessage()).isEqualTo("Invalid value 'x' for property"
				+ " 'asynclog.appenders.ship.producer.value.serializer': asynclog sets it itself.");
		assertThat(owned.getAction()).contains("bootstrap.servers, key.serializer, value.serializer, max.block.ms");
		appender.getProducer().clear();
		appender.getProducer().put("linger.ms", "soon");
		assertThat(rejection(appender)).startsWith("Invalid value 'soon' for property"
				+ " 'asynclog.appenders.ship.producer.linger.ms': kafka-clients rejects it: ");
	}

	private static AsyncLogProperties.Appender valid() {
		AsyncLogProperties.Appender appender = new AsyncLogProperties.Appender();
		appender.setType(AsyncLogProperties.AppenderType.KAFKA);
		appender.setTopic("app-logs");
		appender.setBootstrapServers("127.0.0.1:9092");
		return appender;
	}

	private String rejection(AsyncLogProperties.Appender appender) {
		return exception(appender).getMessage();
	}

	private AsyncLogConfigurationException exception(AsyncLogProperties.Appender appender) {
		AsyncLogConfigurationException exception = catchThrowableOfType(AsyncLogConfigurationException.class,
				() -> this.check.check(PREFIX, appender, PATTERNS));
		assertThat(exception).as("a rejection").isNotNull();
		return exception;
	}

}
