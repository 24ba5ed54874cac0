package io.asynclog.autoconfigure;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.util.unit.DataSize;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;

/**
 * Reports an {@code asynclog.*} value of the wrong type (text for a number, an unknown
 * mode) the way asynclog reports its own checks: the property, the value and what is
 * accepted. Spring Boot's own analysis names no accepted values for numbers, durations and
 * sizes, and lists enum values in a form the documentation does not use.
 *
 * @author asynclog
 */
class AsyncLogBindFailureAnalyzer extends AbstractFailureAnalyzer<BindException> implements Ordered {

	private static final ConfigurationPropertyName ASYNCLOG = ConfigurationPropertyName.of(AsyncLogProperties.PREFIX);

	/**
	 * Ahead of Spring Boot's BindFailureAnalyzer, which has no order.
	 */
	@Override
	public int getOrder() {
		return 0;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
		ConfigurationProperty property = cause.getProperty();
		ConversionFailedException conversionFailure = findCause(cause, ConversionFailedException.class);
		if (property == null || conversionFailure == null || !ASYNCLOG.isAncestorOf(property.getName())) {
			return null;
		}
		Expected expected = expected(conversionFailure.getTargetType().getObjectType());
		if (expected == null) {
			return null;
		}
		AsyncLogConfigurationException invalid = AsyncLogConfigurationException.invalidValue(
				property.getName().toString(), property.getValue(), "it is not " + expected.kind(), expected.accepted());
		String origin = (property.getOrigin() != null) ? "%n%nOrigin: %s".formatted(property.getOrigin()) : "";
		return new FailureAnalysis(invalid.getDescription() + origin, invalid.getAction(), cause);
	}

	private static Expected expected(Class<?> type) {
		if (type.isEnum()) {
			return new Expected("one of the accepted values", "one of " + Arrays.stream(type.getEnumConstants())
				.map((constant) -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-'))
				.collect(Collectors.joining(", ")));
		}
		if (type == Integer.class) {
			return new Expected("a whole number", "a whole number, such as 1024");
		}
		if (type == Double.class) {
			return new Expected("a number", "a number, such as 0.9");
		}
		if (type == Boolean.class) {
			return new Expected("true or false", "true or false");
		}
		if (type == Duration.class) {
			return new Expected("a duration",
					"a duration, such as 500ms, 10s or 1m (units ns, us, ms, s, m, h, d; a bare number is milliseconds)");
		}
		if (type == DataSize.class) {
			return new Expected("a size", "a size, such as 512KB or 10MB (units B, KB, MB, GB, TB; a bare number is bytes)");
		}
		return null;
	}

	private record Expected(String kind, String accepted) {

	}

}
