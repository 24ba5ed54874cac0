package io.asynclog.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.asynclog.core.config.AsyncLogConfigurationException;

/**
 * Turns an {@link AsyncLogConfigurationException} into the failure analysis Spring Boot
 * prints when start-up fails.
 *
 * @author asynclog
 */
class AsyncLogFailureAnalyzer extends AbstractFailureAnalyzer<AsyncLogConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AsyncLogConfigurationException cause) {
		return new FailureAnalysis(cause.getDescription(), cause.getAction(), cause);
	}

}
