package io.asynclog.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

/**
 * Matches when asynclog has a {@link LoggingBackend} for the logging system Spring Boot
 * chose.
 *
 * @author asynclog
 */
class OnLoggingBackendCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition("asynclog logging backend");
		LoggingBackend backend = LoggingBackends.running(context.getClassLoader());
		if (backend == null) {
			return ConditionOutcome.noMatch(message.because("none for the logging system that runs"));
		}
		return ConditionOutcome.match(message.found("backend").items(backend.name()));
	}

}
