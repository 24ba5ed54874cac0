package io.asynclog.log4j2.config;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.config.Node;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.log4j2.queue.TimedQueueFactory;

/**
 * For 'async-appender' mode: points a logger's appender references at Log4j2 AsyncAppenders,
 * one per wrapped appender, shared by every logger that writes to it.
 *
 * @author asynclog
 */
final class AsyncAppenderWrapper {

	/** Prefix of the name of the AsyncAppender that wraps an appender. */
	static final String NAME_PREFIX = "Async-";

	private final Nodes nodes;

	private final Node appenders;

	private final AsyncLogProperties properties;

	private final Map<String, Node> byName = new LinkedHashMap<>();

	AsyncAppenderWrapper(Nodes nodes, Node appenders, AsyncLogProperties properties) {
		this.nodes = nodes;
		this.appenders = appenders;
		this.properties = properties;
		for (Node appender : appenders.getChildren()) {
			this.byName.put(Nodes.name(appender), appender);
		}
	}

	void wrapReferences(Node logger) {
		for (Node ref : Nodes.appenderRefs(logger)) {
			String target = Nodes.attribute(ref, "ref");
			Node appender = this.byName.get(target);
			if (appender != null && !isAsyncAppender(appender)) {
				Nodes.setAttribute(ref, "ref", wrap(target));
			}
		}
	}

	private String wrap(String target) {
		String name = NAME_PREFIX + target;
		this.byName.computeIfAbsent(name, (key) -> {
			Map<String, String> attributes = new LinkedHashMap<>();
			attributes.put("name", name);
			attributes.put("bufferSize", String.valueOf(this.properties.getAsyncAppender().getBufferSize()));
			attributes.put("blocking", "true");
			// Log4j2 reads 0 as 'wait forever'; asynclog reads it as 'do not wait'.
			attributes.put("shutdownTimeout",
					String.valueOf(Math.max(1, this.properties.getShutdownTimeout().toMillis())));
			attributes.put("includeLocation", String.valueOf(this.properties.isIncludeLocation()));
			Node wrapper = this.nodes.add(this.appenders, "Async", attributes);
			this.nodes.add(wrapper, "AppenderRef", Map.of("ref", target));
			// Log4j2's default queue, whose background thread keeps its busy clock.
			this.nodes.add(wrapper, TimedQueueFactory.PLUGIN_NAME, Map.of(TimedQueueFactory.QUEUE_ATTRIBUTE, target));
			return wrapper;
		});
		return name;
	}

	private static boolean isAsyncAppender(Node appender) {
		return Nodes.isA(appender, AsyncAppender.class);
	}

}
