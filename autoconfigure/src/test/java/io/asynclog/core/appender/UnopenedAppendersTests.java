package io.asynclog.core.appender;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The appenders that started without their file: replaced whole at each start, read by
 * name or all in order, and described as the health and the start-up warning show them.
 */
class UnopenedAppendersTests {

	private static final Unopened MAIN = new Unopened("main", "rolling-file", "asynclog.appenders.main.file-name",
			"/ro/app.log", "read-only file system (/ro/app.log)");

	private static final Unopened AUDIT = new Unopened("audit", "file", "asynclog.appenders.audit.file-name",
			"/ro/audit.log", "permission denied (/ro/audit.log)");

	@AfterEach
	void clear() {
		UnopenedAppenders.replaceAll(Map.of());
	}

	@Test
	void aStartReplacesWhatTheLastOneLeft() {
		UnopenedAppenders.replaceAll(Map.of("main", MAIN));
		UnopenedAppenders.replaceAll(Map.of("audit", AUDIT));
		assertThat(UnopenedAppenders.get("main")).isNull();
		assertThat(UnopenedAppenders.get("audit")).isEqualTo(AUDIT);
		UnopenedAppenders.replaceAll(Map.of());
		assertThat(UnopenedAppenders.all()).isEmpty();
	}

	@Test
	void keepsTheOrderAndACopyThatCannotChange() {
		Map<String, Unopened> unopened = new LinkedHashMap<>();
		unopened.put("main", MAIN);
		unopened.put("audit", AUDIT);
		UnopenedAppenders.replaceAll(unopened);
		unopened.remove("main");
		assertThat(UnopenedAppenders.all()).containsExactly(MAIN, AUDIT);
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> UnopenedAppenders.all().clear());
	}

	@Test
	void describesTheAppenderTheFileAndTheReason() {
		assertThat(MAIN.describe()).isEqualTo("appender 'main' (rolling-file) could not open /ro/app.log"
				+ " (asynclog.appenders.main.file-name): read-only file system (/ro/app.log); every event it"
				+ " receives is counted as an error");
	}

}
