package io.asynclog.autoconfigure;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.boot.context.properties.bind.BindableRuntimeHintsRegistrar;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.lane.kafka.KafkaSender;
import io.asynclog.core.lane.kafka.KafkaSettingsCheck;
import io.asynclog.core.lane.otlp.OtlpSettingsCheck;

/**
 * The runtime hints a native image needs for what asynclog's backend-neutral code reaches by
 * reflection; each backend registers its own.
 * <ul>
 * <li>Binding {@link AsyncLogProperties}: {@link AsyncLogEnvironmentPostProcessor} binds it
 * before any bean exists, while Spring registers the hints only when
 * {@link AsyncLogAutoConfiguration} matched during AOT processing.</li>
 * <li>The classes the remote appenders' checks test by name, and Kafka's byte-array
 * serializer, which Kafka creates from its class name; each only when present.</li>
 * </ul>
 * What {@code META-INF/spring.factories} lists Spring registers itself.
 *
 * @author asynclog
 */
public final class AsyncLogRuntimeHints implements RuntimeHintsRegistrar {

	/** Kafka's serializer for the records' bytes: KafkaSender passes its class name. */
	static final String KAFKA_SERIALIZER = "org.apache.kafka.common.serialization.ByteArraySerializer";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		BindableRuntimeHintsRegistrar.forTypes(AsyncLogProperties.class).registerHints(hints, classLoader);
		for (String checked : new String[] { KafkaSettingsCheck.KAFKA_PRODUCER, KafkaSender.LZ4_CLASS,
				OtlpSettingsCheck.OTLP_EXPORTER }) {
			hints.reflection().registerTypeIfPresent(classLoader, checked);
		}
		hints.reflection()
			.registerTypeIfPresent(classLoader, KAFKA_SERIALIZER, MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
	}

}
