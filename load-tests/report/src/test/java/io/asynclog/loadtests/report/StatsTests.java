package io.asynclog.loadtests.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests of the median, spread and ratio maths, and of the helpers the pages share.
 *
 * @author asynclog
 */
class StatsTests {

	@Test
	void medianOfOddCountIsTheMiddleValue() {
		assertEquals(2.0, Stats.median(3, 1, 2));
		assertEquals(7.0, Stats.median(7));
		assertEquals(5.0, Stats.median(9, 5, 1, 100, 2));
	}

	@Test
	void medianOfEvenCountIsTheMeanOfTheTwoMiddleValues() {
		assertEquals(2.5, Stats.median(4, 1, 3, 2));
		assertEquals(650.0, Stats.median(700, 600));
	}

	@Test
	void unmeasuredValuesAreLeftOut() {
		Stats stats = Stats.of(Double.NaN, 10, 30, Double.NaN);
		assertEquals(2, stats.count());
		assertEquals(20.0, stats.median());
		assertEquals(10.0, stats.min());
		assertEquals(30.0, stats.max());
	}

	@Test
	void noValuesGiveAnEmptyStatistic() {
		Stats stats = Stats.of(Double.NaN);
		assertEquals(0, stats.count());
		assertFalse(stats.measured());
		assertTrue(Double.isNaN(stats.median()));
		assertTrue(Double.isNaN(stats.min()));
		assertTrue(Double.isNaN(stats.max()));
		assertEquals(Stats.EMPTY, Stats.of(List.of()));
	}

	@Test
	void spreadIsMinToMax() {
		Stats stats = Stats.of(List.of(2300.0, 1900.0, 2000.0));
		assertEquals(new Stats(3, 2000, 1900, 2300), stats);
		assertEquals("2,000 (1,900\u20132,300)", Fmt.withSpread(stats));
		assertEquals("2,000", Fmt.withSpread(Stats.of(2000)));
		assertEquals("\u2013", Fmt.withSpread(Stats.EMPTY));
	}

	@Test
	void ratioIsNaNWhenItCannotBeComputed() {
		assertEquals(2.0, Stats.ratio(1800, 900));
		assertTrue(Double.isNaN(Stats.ratio(Double.NaN, 900)));
		assertTrue(Double.isNaN(Stats.ratio(1800, Double.NaN)));
		assertTrue(Double.isNaN(Stats.ratio(1800, 0)));
		assertEquals("2.22\u00d7", Fmt.ratio(2000.0 / 900));
		assertEquals("\u2013", Fmt.ratio(Double.NaN));
	}

	@Test
	void rangesOverlapWhenTheyShareAValue() {
		assertTrue(Stats.of(1900, 2300).overlaps(Stats.of(1700, 1900)));
		assertFalse(Stats.of(1901, 2300).overlaps(Stats.of(1700, 1900)));
		assertFalse(Stats.EMPTY.overlaps(Stats.of(1)));
	}

	@Test
	void numbersKeepAboutThreeSignificantDigits() {
		assertEquals("12,345", Fmt.number(12345.4));
		assertEquals("123", Fmt.number(123.4));
		assertEquals("12.3", Fmt.number(12.34));
		assertEquals("1.23", Fmt.number(1.234));
		assertEquals("80", Fmt.number(80));
		assertEquals("0", Fmt.number(0));
		assertEquals("\u2013", Fmt.number(Double.NaN));
		assertEquals("2000", Fmt.csv(2000));
		assertEquals("0.648", Fmt.csv(0.648));
		assertEquals("", Fmt.csv(Double.NaN));
	}

	@Test
	void spreadFormatsTheMedianAndRangeAlikeAndLeavesTheRangeOutForOneValue() {
		assertEquals("47.8% (40.1%\u201352%)", Fmt.spread(Stats.of(40.1, 47.8, 52), Fmt::percent));
		assertEquals("1.50\u00d7", Fmt.spread(Stats.of(1.5), Fmt::ratio));
		assertEquals("\u2013", Fmt.spread(Stats.EMPTY, Fmt::percent));
		assertEquals("1,234 (1,200\u20131,260)", Fmt.withSpread(Stats.of(1200, 1234, 1260)));
	}

	@Test
	void sectionIsHeadingHeaderRowAndOneRowPerItem() {
		StringBuilder md = new StringBuilder();
		Fmt.table(md, "Checks", List.of("a", "b"), Stream.of(1, 2), (n) -> new Object[] { n, n * 10 });
		assertEquals("## Checks\n\n| a | b |\n|---|---|\n| 1 | 10 |\n| 2 | 20 |\n\n", md.toString());
	}

	@Test
	void missingRunInfoReadsAsNoProperties(@TempDir Path dir) throws Exception {
		assertTrue(RunFiles.properties(dir.resolve("run-info.properties")).isEmpty());
		Files.writeString(dir.resolve("run-info.properties"), "machine=caf\u00e9 box\n",
				StandardCharsets.UTF_8);
		assertEquals("caf\u00e9 box", RunFiles.properties(dir.resolve("run-info.properties")).getProperty("machine"));
	}

}
