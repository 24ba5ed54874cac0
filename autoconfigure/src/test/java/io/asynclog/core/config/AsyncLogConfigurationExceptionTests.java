package io.asynclog.core.config;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failure analysis each kind of configuration failure carries: what is wrong, naming the
 * property and the value, and what to do, naming what the property accepts.
 */
class AsyncLogConfigurationExceptionTests {

	@Test
	void anInvalidValueNamesThePropertyTheValueTheProblemAndWhatIsAccepted() {
		AsyncLogConfigurationException failure = AsyncLogConfigurationException.invalidValue(
				"asynclog.ring-buffer-size", 64, "below the minimum", "a whole number of at least 128");
		assertThat(failure.getDescription())
			.isEqualTo("Invalid value '64' for property 'asynclog.ring-buffer-size': below the minimum.");
		assertThat(failure.getAction()).isEqualTo("Update your application's configuration."
				+ " 'asynclog.ring-buffer-size' accepts a whole number of at least 128.");
		assertThat(failure).isInstanceOf(IllegalStateException.class).hasMessage(failure.getDescription());
	}

	@Test
	void anUnknownPropertyNamesThePropertyTheValueAndWhatWouldBeRead() {
		AsyncLogConfigurationException failure = AsyncLogConfigurationException.unknownProperty(
				"asynclog.appenders.main.file-nme", "app.log", "no appender setting has this name",
				"Did you mean 'asynclog.appenders.main.file-name'?");
		assertThat(failure.getDescription()).isEqualTo("Unknown property 'asynclog.appenders.main.file-nme'"
				+ " with value 'app.log': no appender setting has this name.");
		assertThat(failure.getAction()).isEqualTo(
				"Update your application's configuration. Did you mean 'asynclog.appenders.main.file-name'?.");
		assertThat(failure).hasMessage(failure.getDescription());
	}

	@Test
	void aFileThatCannotBeOpenedNamesTheAppenderTheFileThePropertyAndTheReason() {
		AsyncLogConfigurationException failure = AsyncLogConfigurationException.cannotOpen(
				"asynclog.appenders.main.file-name", "rolling-file appender 'main'", "/ro/app.log",
				"Read-only file system", null);
		assertThat(failure.getDescription()).isEqualTo("The rolling-file appender 'main' cannot open its file"
				+ " '/ro/app.log' (property 'asynclog.appenders.main.file-name'): Read-only file system.");
		assertThat(failure.getAction()).isEqualTo("Make the directory exist and be writable by the user the"
				+ " application runs as, with space left, or point 'asynclog.appenders.main.file-name' at a regular"
				+ " file the application can create and write to.");
		assertThat(failure).hasMessage(failure.getDescription());
	}

	@Test
	void aFileThatCannotBeOpenedNamesThePropertyThatStartsAnywayWhenThereIsOne() {
		AsyncLogConfigurationException failure = AsyncLogConfigurationException.cannotOpen(
				"asynclog.appenders.main.file-name", "file appender 'main'", "/ro/app.log", "Permission denied",
				"asynclog.appender-start-failure=warn");
		assertThat(failure.getAction()).endsWith("a regular file the application can create and write to."
				+ " To start anyway, with the health DOWN and every event meant for this appender counted as"
				+ " one of its errors, set asynclog.appender-start-failure=warn.");
	}

}
