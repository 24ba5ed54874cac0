package io.asynclog.core.lane.kafka;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.util.ClassUtils;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogPropertiesValidator.PatternSyntax;
import io.asynclog.core.config.DestinationCheck;

/**
 * Checks a {@code kafka} appender's settings at start-up: the topic, the brokers and every
 * producer setting, the last with kafka-clients itself. Loads without kafka-clients on the
 * class path, so that a missing dependency gets its own clear message.
 *
 * @author asynclog
 */
public final class KafkaSettingsCheck implements DestinationCheck {

	public static final String KAFKA_PRODUCER = "org.apache.kafka.clients.producer.KafkaProducer";

	private static final Pattern KAFKA_TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

	private static final List<String> STRUCTURED_FORMATS = List.of("ecs", "logstash", "gelf");

	/** Producer settings asynclog owns: the brokers have their own key, records are always bytes. */
	private static final List<String> ASYNCLOG_PRODUCER_SETTINGS = List.of("bootstrap.servers", "key.serializer",
			"value.serializer", "max.block.ms");

	@Override
	public AsyncLogProperties.AppenderType type() {
		return AsyncLogProperties.AppenderType.KAFKA;
	}

	@Override
	public void check(String prefix, AsyncLogProperties.Appender appender, PatternSyntax patterns) {
		if (!ClassUtils.isPresent(KAFKA_PRODUCER, KafkaSettingsCheck.class.getClassLoader())) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "type", "kafka",
					"a kafka appender sends through kafka-clients, which is not on the class path",
					"kafka once the dependency org.apache.kafka:kafka-clients is added"
							+ " (its version is managed by Spring Boot); or console, file or rolling-file");
		}
		String topic = appender.getTopic();
		if (topic == null || topic.isBlank()) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "topic", "",
					"a kafka appender needs the topic its records go to", "a topic name, such as app-logs");
		}
		if (!KAFKA_TOPIC.matcher(topic).matches() || topic.equals(".") || topic.equals("..")) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "topic", topic,
					"Kafka does not accept it as a topic name",
					"up to 249 letters, digits, '.', '_' and '-', other than '.' and '..', such as app-logs");
		}
		String servers = appender.getBootstrapServers();
		if (servers == null || servers.isBlank()) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "bootstrap-servers", "",
					"a kafka appender needs a broker to connect to first",
					"host:port[,host:port...], such as 127.0.0.1:9092");
		}
		for (String server : servers.split(",")) {
			if (!isHostAndPort(server.trim())) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "bootstrap-servers", servers,
						"'" + server.trim() + "' is not host:port with a port from 1 to 65535",
						"host:port[,host:port...], such as 127.0.0.1:9092");
			}
		}
		// Kafka's own check, as the producer makes it when it is created: at least one host
		// must resolve. Here it stops start-up on either backend, before logging changes.
		String unresolvable = ProducerSettings.bootstrapProblem(servers);
		if (unresolvable != null) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "bootstrap-servers", servers,
					"kafka-clients rejects it: " + unresolvable,
					"host:port[,host:port...] with at least one host that resolves, such as 127.0.0.1:9092");
		}
		if (appender.getFormat() != null) {
			if (appender.getPattern() != null) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "format", appender.getFormat(),
						"'pattern' is set too, and a record has one layout",
						"either format (ecs, logstash or gelf) or pattern, not both");
			}
			if (!STRUCTURED_FORMATS.contains(appender.getFormat())) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "format", appender.getFormat(),
						"it is not one of Spring Boot's structured logging formats", "ecs, logstash or gelf");
			}
		}
		String key = appender.getKey();
		if (key != null && key.indexOf('%') >= 0) {
			String problem = patterns.problem(key);
			if (problem != null) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "key", key,
						patterns.library() + " rejects it: " + problem,
						"fixed text, or a pattern such as %X{traceId}");
			}
		}
		for (String setting : appender.getProducer().keySet()) {
			if (ASYNCLOG_PRODUCER_SETTINGS.contains(setting)) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "producer." + setting,
						appender.getProducer().get(setting), "asynclog sets it itself",
						"any KafkaProducer setting other than " + String.join(", ", ASYNCLOG_PRODUCER_SETTINGS)
								+ " ('" + prefix + "bootstrap-servers' sets the brokers)");
			}
		}
		// One setting at a time, so that the message names the one kafka-clients rejects.
		appender.getProducer().forEach((setting, value) -> {
			String problem = ProducerSettings.problem(servers, Map.of(setting, value));
			if (problem != null) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "producer." + setting, value,
						"kafka-clients rejects it: " + problem, "a KafkaProducer setting by its Kafka name, with a"
								+ " value Kafka accepts, such as " + prefix + "producer.[linger.ms]=20");
			}
		});
	}

	private static boolean isHostAndPort(String server) {
		int colon = server.lastIndexOf(':');
		if (colon < 1 || colon == server.length() - 1) {
			return false;
		}
		try {
			int port = Integer.parseInt(server.substring(colon + 1));
			return port >= 1 && port <= 65535;
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	/**
	 * Checks producer settings with kafka-clients; a class of its own, so that the
	 * check loads without kafka-clients on the class path.
	 */
	private static final class ProducerSettings {

		static String problem(String bootstrapServers, Map<String, String> overrides) {
			return KafkaSender.problem(KafkaSender.producerSettings(bootstrapServers, overrides));
		}

		static String bootstrapProblem(String bootstrapServers) {
			return KafkaSender.bootstrapProblem(bootstrapServers);
		}

	}

}
