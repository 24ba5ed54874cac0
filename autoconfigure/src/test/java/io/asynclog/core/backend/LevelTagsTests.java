package io.asynclog.core.backend;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The level tags of the meters: every level an event can have, most severe first, each
 * tagged in lower case whatever the default locale.
 */
class LevelTagsTests {

	@Test
	void everyLevelAnEventCanHaveGetsASeriesMostSevereFirst() {
		assertThat(LevelTags.LEVELS)
			.containsExactlyInAnyOrderElementsOf(EnumSet.complementOf(EnumSet.of(LogLevel.OFF)));
		assertThat(LevelTags.LEVELS).isSortedAccordingTo(Comparator.comparing(LogLevel::ordinal).reversed());
	}

	@Test
	void aLevelIsTaggedInLowerCase() {
		assertThat(LevelTags.LEVELS).extracting(LevelTags::of)
			.containsExactly("fatal", "error", "warn", "info", "debug", "trace");
	}

	@Test
	void theTagDoesNotDependOnTheDefaultLocale() {
		Locale before = Locale.getDefault();
		// Turkish lower-cases a dotted capital I to a dotless one: "ınfo" would be a series of its own.
		Locale.setDefault(Locale.forLanguageTag("tr-TR"));
		try {
			assertThat(LevelTags.of(LogLevel.INFO)).isEqualTo("info");
		}
		finally {
			Locale.setDefault(before);
		}
	}

}
