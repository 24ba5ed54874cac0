package io.asynclog.loadtests.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The look every report page's XChart charts share.
 *
 * @author asynclog
 */
public final class Charts {

	private Charts() {
	}

	/**
	 * A bar chart on a white background with the title fitted to the width, the legend below and
	 * no vertical grid lines: what the pages' own charts start from.
	 * @param title the title
	 * @param xTitle the x axis's title
	 * @param yTitle the y axis's title
	 * @param width the width in pixels
	 * @param height the height in pixels
	 * @return the chart, without series
	 */
	public static CategoryChart plainBars(String title, String xTitle, String yTitle, int width, int height) {
		CategoryChart chart = new CategoryChartBuilder().width(width)
			.height(height)
			.title(title)
			.xAxisTitle(xTitle)
			.yAxisTitle(yTitle)
			.build();
		CategoryStyler styler = chart.getStyler();
		styler.setChartBackgroundColor(Color.WHITE);
		styler.setChartTitleFont(titleFont(title, width));
		styler.setLegendPosition(LegendPosition.OutsideS);
		styler.setPlotGridVerticalLinesVisible(false);
		styler.setYAxisMin(0.0);
		return chart;
	}

	/**
	 * Adds whiskers: an invisible line series through the middles whose error bars reach half the
	 * range each way, left out of the legend.
	 */
	public static void whiskers(CategoryChart chart, String name, List<String> labels, List<Double> middle,
			List<Double> halfRange) {
		CategorySeries whiskers = chart.addSeries(name, labels, middle, halfRange);
		whiskers.setChartCategorySeriesRenderStyle(CategorySeriesRenderStyle.Line);
		whiskers.setMarker(SeriesMarkers.NONE);
		whiskers.setLineStyle(SeriesLines.NONE);
		whiskers.setLineColor(Color.BLACK);
		whiskers.setShowInLegend(false);
	}

	/** Bold sans-serif from 14 pt down to 9 pt, the largest at which the title fits the width. */
	public static Font titleFont(String title, int width) {
		BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = scratch.createGraphics();
		try {
			for (int size = 14; size > 9; size--) {
				Font font = new Font(Font.SANS_SERIF, Font.BOLD, size);
				if (g.getFontMetrics(font).stringWidth(title) <= width - 60) {
					return font;
				}
			}
			return new Font(Font.SANS_SERIF, Font.BOLD, 9);
		}
		finally {
			g.dispose();
		}
	}

	/**
	 * Hides all an XY chart without series would still draw (legend, axes, plot border and grid)
	 * on a white background: a chart that is only its title, or text.
	 */
	public static XYChart titleOnly(XYChart chart) {
		XYStyler styler = chart.getStyler();
		styler.setChartBackgroundColor(Color.WHITE);
		styler.setLegendVisible(false);
		styler.setAxisTicksVisible(false);
		styler.setAxisTitlesVisible(false);
		styler.setPlotBorderVisible(false);
		styler.setPlotGridLinesVisible(false);
		return chart;
	}

}
