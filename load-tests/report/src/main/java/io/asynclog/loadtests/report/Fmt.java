package io.asynclog.loadtests.report;

import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Number formatting shared by the markdown, the CSV and the charts. Unknown values (NaN) print as
 * an en dash in the markdown and as an empty cell in the CSV.
 *
 * @author asynclog
 */
public final class Fmt {

	public static final String DASH = "\u2013";

	private Fmt() {
	}

	/**
	 * A figure with about three significant digits: 12,345 / 123 / 12.3 / 1.23; whole numbers
	 * below 100 keep no decimals (80, not 80.0).
	 */
	public static String number(double value) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return DASH;
		}
		double magnitude = Math.abs(value);
		if (magnitude >= 100 || value == Math.rint(value)) {
			return String.format(Locale.ROOT, "%,.0f", value);
		}
		if (magnitude >= 10) {
			return String.format(Locale.ROOT, "%.1f", value);
		}
		return String.format(Locale.ROOT, "%.2f", value);
	}

	/** The median with its min–max spread, such as {@code 1,234 (1,200–1,260)}; the spread is left out for one value. */
	public static String withSpread(Stats stats) {
		return spread(stats, Fmt::number);
	}

	/**
	 * The median with its min–max spread, each in {@code format}, such as {@code 47.8% (40.1%–52.0%)};
	 * the spread is left out for one value.
	 */
	public static String spread(Stats stats, DoubleFunction<String> format) {
		if (!stats.measured()) {
			return DASH;
		}
		String median = format.apply(stats.median());
		return (stats.count() == 1) ? median
				: median + " (" + format.apply(stats.min()) + DASH + format.apply(stats.max()) + ")";
	}

	public static String ratio(double value) {
		return Double.isNaN(value) ? DASH : String.format(Locale.ROOT, "%.2f\u00d7", value);
	}

	/** Ratios' median with their min–max, such as {@code 1.52× (1.20×–2.22×)}; the spread is left out for one. */
	public static String ratioWithSpread(Stats ratio) {
		return spread(ratio, Fmt::ratio);
	}

	/** Per-round ratios as the targets give them, such as {@code 1.22× (1.04×–1.38× over 3 rounds)}. */
	public static String ratioOverRounds(Stats ratio) {
		return String.format(Locale.ROOT, "%s (%s–%s over %d rounds)", ratio(ratio.median()), ratio(ratio.min()),
				ratio(ratio.max()), ratio.count());
	}

	/** A percentage, such as {@code 47.8%}. */
	public static String percent(double value) {
		return Double.isNaN(value) ? DASH : number(value) + "%";
	}

	/** Appends a Markdown table's header row and the rule under it. */
	public static void tableHead(StringBuilder md, String... columns) {
		tableRow(md, (Object[]) columns);
		md.append("|---".repeat(columns.length)).append("|\n");
	}

	/** Appends a Markdown table row of these cells. */
	public static void tableRow(StringBuilder md, Object... cells) {
		md.append('|');
		for (Object cell : cells) {
			md.append(' ').append(cell).append(" |");
		}
		md.append('\n');
	}

	/** Appends a section: its title, then a table with one line of cells for each item. */
	public static <T> void table(StringBuilder md, String title, List<String> columns, Stream<T> items,
			Function<T, Object[]> cells) {
		md.append("## ").append(title).append("\n\n");
		tableHead(md, columns.toArray(String[]::new));
		items.forEach((item) -> tableRow(md, cells.apply(item)));
		md.append('\n');
	}

	/** Bytes per second as decimal megabytes per second (10^6 bytes). */
	public static double megabytes(double bytesPerSecond) {
		return bytesPerSecond / 1_000_000.0;
	}

	/** A plain number for the CSV: no grouping, empty when unknown. */
	public static String csv(double value) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return "";
		}
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return String.valueOf((long) value);
		}
		return String.format(Locale.ROOT, "%.4f", value).replaceAll("0+$", "").replaceAll("\\.$", "");
	}

	public static String flush(Boolean immediateFlush) {
		return (immediateFlush == null) ? DASH : (immediateFlush ? "yes" : "no");
	}

	public static String orDash(Object value) {
		return (value == null || value.toString().isBlank()) ? DASH : value.toString();
	}

}
