package io.asynclog.core.config;

import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.LiveQueueFullSettings.Values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The run-time queue-full settings: the configured values stand until a change, a change
 * stands until a reset, and text is read as the start-up binding reads it, with the same
 * refusal.
 */
class LiveQueueFullSettingsTests {

	@AfterEach
	void reset() {
		LiveQueueFullSettings.reset();
	}

	@Test
	void theConfiguredValuesStandUntilAChange() {
		AsyncLogProperties configured = new AsyncLogProperties();
		configured.setQueueFullPolicy(QueueFullPolicy.DISCARD);
		configured.setDiscardThreshold(LogLevel.WARN);
		assertThat(LiveQueueFullSettings.live()).isNull();
		assertThat(LiveQueueFullSettings.inForce(configured)).isEqualTo(new Values(QueueFullPolicy.DISCARD, LogLevel.WARN));
		Values changed = new Values(QueueFullPolicy.BLOCK, LogLevel.DEBUG);
		LiveQueueFullSettings.change(changed);
		assertThat(LiveQueueFullSettings.live()).isEqualTo(changed);
		assertThat(LiveQueueFullSettings.inForce(configured)).isEqualTo(changed);
		LiveQueueFullSettings.reset();
		assertThat(LiveQueueFullSettings.live()).isNull();
		assertThat(LiveQueueFullSettings.inForce(configured)).isEqualTo(new Values(QueueFullPolicy.DISCARD, LogLevel.WARN));
	}

	@Test
	void aChangeToNullLetsTheConfiguredValuesStand() {
		LiveQueueFullSettings.change(new Values(QueueFullPolicy.DISCARD, LogLevel.ERROR));
		LiveQueueFullSettings.change(null);
		assertThat(LiveQueueFullSettings.inForce(new AsyncLogProperties()))
			.isEqualTo(Values.of(new AsyncLogProperties()));
	}

	@Test
	void valuesChangeOneAtATime() {
		Values values = new Values(QueueFullPolicy.BLOCK, LogLevel.INFO);
		assertThat(values.withQueueFullPolicy(QueueFullPolicy.DISCARD))
			.isEqualTo(new Values(QueueFullPolicy.DISCARD, LogLevel.INFO));
		assertThat(values.withDiscardThreshold(LogLevel.TRACE)).isEqualTo(new Values(QueueFullPolicy.BLOCK, LogLevel.TRACE));
		assertThat(values).as("unchanged").isEqualTo(new Values(QueueFullPolicy.BLOCK, LogLevel.INFO));
	}

	@Test
	void readsTextAsTheStartUpBindingDoes() {
		Map.of("discard", QueueFullPolicy.DISCARD, "DISCARD", QueueFullPolicy.DISCARD, " Block ", QueueFullPolicy.BLOCK)
			.forEach((text, policy) -> assertThat(LiveQueueFullSettings.parsePolicy(text)).as(text).isEqualTo(policy));
		Map.of("info", LogLevel.INFO, "WARN", LogLevel.WARN, "Off", LogLevel.OFF)
			.forEach((text, level) -> assertThat(LiveQueueFullSettings.parseThreshold(text)).as(text).isEqualTo(level));
	}

	@Test
	void refusesAnotherPolicyNamingThePropertyAndTheValues() {
		AsyncLogConfigurationException refusal = catchThrowableOfType(() -> LiveQueueFullSettings.parsePolicy("drop"),
				AsyncLogConfigurationException.class);
		assertThat(refusal.getDescription()).isEqualTo(
				"Invalid value 'drop' for property 'asynclog.queue-full-policy': it is not one of the accepted values.");
		assertThat(refusal.getAction()).isEqualTo(
				"Update your application's configuration. 'asynclog.queue-full-policy' accepts one of block, discard.");
	}

	@Test
	void refusesAnotherLevelOrNoneNamingThePropertyAndTheValues() {
		AsyncLogConfigurationException refusal = catchThrowableOfType(() -> LiveQueueFullSettings.parseThreshold("loud"),
				AsyncLogConfigurationException.class);
		assertThat(refusal.getDescription()).isEqualTo(
				"Invalid value 'loud' for property 'asynclog.discard-threshold': it is not one of the accepted values.");
		assertThat(refusal.getAction()).isEqualTo("Update your application's configuration."
				+ " 'asynclog.discard-threshold' accepts one of trace, debug, info, warn, error, fatal, off.");
		assertThat(catchThrowableOfType(() -> LiveQueueFullSettings.parseThreshold(null),
				AsyncLogConfigurationException.class)
			.getDescription()).startsWith("Invalid value '' for property 'asynclog.discard-threshold'");
	}

}
