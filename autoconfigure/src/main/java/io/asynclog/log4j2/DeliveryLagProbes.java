package io.asynclog.log4j2;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.config.Node;

/**
 * Places {@link DeliveryLagProbe}s in a configuration's node tree so that every event that
 * crosses a queue meets exactly one probe on the queue's background thread: one in each
 * AsyncAppender, and one on each async logger where an event's path through the
 * async-logger queue ends (the root, a non-additive logger, or a logger whose parent is
 * not async).
 *
 * @author asynclog
 */
final class DeliveryLagProbes {

	private final Nodes nodes;

	private final Node appenders;

	private final boolean allAsync;

	private final Map<String, String> probeByQueue = new HashMap<>();

	DeliveryLagProbes(Nodes nodes, Node appenders, boolean allAsync) {
		this.nodes = nodes;
		this.appenders = appenders;
		this.allAsync = allAsync;
	}

	void place(Node loggers) {
		for (Node appender : new ArrayList<>(this.appenders.getChildren())) {
			if (Nodes.isA(appender, AsyncAppender.class)) {
				this.nodes.add(appender, "AppenderRef", Map.of("ref", probe(queueName(appender))));
			}
		}
		Map<String, Node> byName = new HashMap<>();
		Node root = null;
		for (Node logger : loggers.getChildren()) {
			if (Nodes.isRootLogger(logger)) {
				root = logger;
			}
			else if (Nodes.isNamedLogger(logger)) {
				byName.put(Nodes.name(logger), logger);
			}
		}
		Set<Node> probed = new HashSet<>();
		// Ancestors first, so that a logger sees whether its parent carries a probe.
		List<Node> all = new ArrayList<>(byName.values());
		all.sort(Comparator.comparingInt((Node logger) -> Nodes.name(logger).length()));
		if (root != null) {
			all.add(0, root);
		}
		for (Node logger : all) {
			if (isAsync(logger) && !Nodes.appenderRefs(logger).isEmpty()
					&& !probedUpstream(logger, root, byName, probed)) {
				this.nodes.add(logger, "AppenderRef", Map.of("ref", probe(LogQueue.ASYNC_LOGGER)));
				probed.add(logger);
			}
		}
	}

	/**
	 * Whether an event through this logger also reaches, on the same background thread, an
	 * ancestor that carries a probe.
	 */
	private boolean probedUpstream(Node logger, Node root, Map<String, Node> byName, Set<Node> probed) {
		Node current = logger;
		while (current != root && additive(current)) {
			Node parent = parent(Nodes.name(current), root, byName);
			if (parent == null || !isAsync(parent)) {
				return false;
			}
			if (probed.contains(parent)) {
				return true;
			}
			current = parent;
		}
		return false;
	}

	/**
	 * Log4j2's parent: the closest configured logger named by cutting the name at a dot.
	 */
	private static Node parent(String name, Node root, Map<String, Node> byName) {
		String candidate = name;
		int dot;
		while ((dot = candidate.lastIndexOf('.')) > 0) {
			candidate = candidate.substring(0, dot);
			Node parent = byName.get(candidate);
			if (parent != null) {
				return parent;
			}
		}
		return root;
	}

	private static boolean additive(Node logger) {
		String additivity = Nodes.attribute(logger, "additivity");
		return additivity == null || Boolean.parseBoolean(additivity);
	}

	private boolean isAsync(Node logger) {
		return this.allAsync || Nodes.isAsyncLogger(logger);
	}

	private String probe(String queue) {
		return this.probeByQueue.computeIfAbsent(queue, (name) -> {
			String probeName = DeliveryLagProbe.NAME_PREFIX + name;
			this.nodes.add(this.appenders, DeliveryLagProbe.PLUGIN_NAME, Map.of("name", probeName, "queue", name));
			return probeName;
		});
	}

	private static String queueName(Node asyncAppender) {
		List<Node> refs = Nodes.appenderRefs(asyncAppender);
		return (refs.size() == 1) ? Nodes.attribute(refs.get(0), "ref") : Nodes.name(asyncAppender);
	}

}
