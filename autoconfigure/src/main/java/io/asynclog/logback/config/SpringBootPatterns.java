package io.asynclog.logback.config;

import ch.qos.logback.classic.PatternLayout;
import org.springframework.boot.logging.logback.ColorConverter;
import org.springframework.boot.logging.logback.CorrelationIdConverter;
import org.springframework.boot.logging.logback.EnclosedInSquareBracketsConverter;
import org.springframework.boot.logging.logback.ExtendedWhitespaceThrowableProxyConverter;
import org.springframework.boot.logging.logback.WhitespaceThrowableProxyConverter;

/**
 * Spring Boot's Logback patterns and conversion words, for asynclog's appenders: they must work
 * inside a user's own {@code logback-spring.xml} too, which may not include Spring Boot's.
 *
 * @author asynclog
 */
final class SpringBootPatterns {

	private static final String DATETIME = "%d{${LOG_DATEFORMAT_PATTERN:-yyyy-MM-dd'T'HH:mm:ss.SSSXXX}}";

	private static final String NAME_AND_GROUP = "%esb(){APPLICATION_NAME}%esb{APPLICATION_GROUP}";

	/** {@code logging.pattern.console} when set, else Spring Boot's default with its variables' defaults. */
	static final String CONSOLE = "${CONSOLE_LOG_PATTERN:-%clr(" + DATETIME + "){faint} %clr(${LOG_LEVEL_PATTERN:-%5p}){} "
			+ "%clr(${PID:-}){magenta} %clr(--- " + NAME_AND_GROUP + "[%15.15t] ${LOG_CORRELATION_PATTERN:-}){faint}"
			+ "%clr(%-40.40logger{39}){cyan} %clr(:){faint} %m%n${LOG_EXCEPTION_CONVERSION_WORD:-%wEx}}";

	/** Spring Boot's file pattern, as {@link #CONSOLE} is. */
	static final String FILE = "${FILE_LOG_PATTERN:-" + DATETIME + " ${LOG_LEVEL_PATTERN:-%5p} ${PID:-} --- "
			+ NAME_AND_GROUP + "[%t] ${LOG_CORRELATION_PATTERN:-}%-40.40logger{39} : %m%n"
			+ "${LOG_EXCEPTION_CONVERSION_WORD:-%wEx}}";

	/** Suffix Spring Boot gives rolled files. */
	static final String ROLLED_FILE_SUFFIX = ".%d{yyyy-MM-dd}.%i.gz";

	private SpringBootPatterns() {
	}

	/** Teaches a layout, before it starts, Spring Boot's conversion words ({@code %clr}, ...). */
	static void addConversionWords(PatternLayout layout) {
		layout.getInstanceConverterMap().put("clr", ColorConverter::new);
		layout.getInstanceConverterMap().put("correlationId", CorrelationIdConverter::new);
		layout.getInstanceConverterMap().put("esb", EnclosedInSquareBracketsConverter::new);
		layout.getInstanceConverterMap().put("wex", WhitespaceThrowableProxyConverter::new);
		layout.getInstanceConverterMap().put("wEx", ExtendedWhitespaceThrowableProxyConverter::new);
	}

}
