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
 * reflection, registered in {@code META-INF/spring/aot.factories}; each backend registers its own
 * ({@code Log4j2RuntimeHints}; the Logback backend creates nothing by reflection that Spring
 * Boot's hints do not already cover).
 * <ul>
 * <li>Binding {@link AsyncLogProperties}: {@link AsyncLogEnvironmentPostProcessor} binds it with
 * a {@code Binder} before any bean exists, whatever the auto-configuration's conditions decided
 * at build time; Spring registers the same hints only for the {@code @ConfigurationProperties}
 * bean, that is only when {@link AsyncLogAutoConfiguration} matched during AOT processing.</li>
 * <li>The classes whose presence the remote appenders' checks test by name (kafka-clients,
 * lz4-java for Kafka's compression, OpenTelemetry's exporter), and Kafka's byte-array
 * serializer, which Kafka creates from the class name asynclog gives it; each only when
 * present.</li>
 * </ul>
 * What Spring registers itself is not repeated here: the classes listed in
 * {@code META-INF/spring.factories} (detectors, environment post-processors, failure
 * analyzers, the Logback installer, destination checks) and that file itself.
 *
 * @author asynclog
 */
public final class AsyncLogRuntimeHints implements RuntimeHintsRegistrar {

	/**
	 * Kafka's serializer for the records' bytes: KafkaSender passes its class name.
	 */
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
