package io.asynclog.core.appender;

import java.util.List;

/**
 * Where one logger writes: the appenders of its own, through whatever queue reaches them,
 * and whether its events also go on to its parent's.
 *
 * @param logger the logger's name, {@code root} for the root logger
 * @param appenders the names of the appenders that write its events, in order
 * @param additive whether its events also reach its parent's appenders
 * @author asynclog
 */
public record LoggerRoute(String logger, List<String> appenders, boolean additive) {

	/** The name the report gives the root logger on either backend. */
	public static final String ROOT = "root";

}
