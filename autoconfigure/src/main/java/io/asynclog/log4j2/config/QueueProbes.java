package io.asynclog.log4j2.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.filter.CompositeFilter;

import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.appender.CutoffFilter;
import io.asynclog.log4j2.queue.PipelineView;
import io.asynclog.log4j2.queue.QueueProbe;

/**
 * Places {@link QueueProbe}s so that every event crossing a queue meets exactly one on the
 * queue's background thread: one in each AsyncAppender, and one on each async logger with
 * appenders whose additivity path has no probed ancestor (Log4j2 walks an event up through
 * every additive parent on that thread, so the ancestor's probe would see it too).
 * <p>
 * A probe comes first among the references, to measure the hand-off, not the writing. An
 * AsyncAppender with an error appender, or a reference to a missing appender, gets none: an
 * always-succeeding probe would keep Log4j2 from falling back to the error appender, or from
 * refusing to start with no appender.
 * <p>
 * Probes are placed even when no lag is measured: they count the events cut off at shutdown,
 * which a {@link CutoffFilter} on each other reference refuses.
 *
 * @author asynclog
 */
final class QueueProbes {

	private final Nodes nodes;

	private final Node appenders;

	private final boolean allAsync;

	private final boolean measure;

	private final Map<String, String> probeByQueue = new HashMap<>();

	private final Set<String> probeNames = new HashSet<>();

	QueueProbes(Nodes nodes, Node appenders, boolean allAsync, boolean measure) {
		this.nodes = nodes;
		this.appenders = appenders;
		this.allAsync = allAsync;
		this.measure = measure;
	}

	void place(Node loggers) {
		Set<String> appenderNames = new HashSet<>();
		for (Node appender : this.appenders.getChildren()) {
			appenderNames.add(Nodes.name(appender));
		}
		for (Node appender : new ArrayList<>(this.appenders.getChildren())) {
			if (Nodes.isA(appender, AsyncAppender.class) && Nodes.attribute(appender, "errorRef") == null
					&& refersOnlyTo(appenderNames, appender)) {
				this.nodes.addFirst(appender, "AppenderRef", Map.of("ref", probe(queueName(appender))));
				cutOffReferences(appender);
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
				this.nodes.addFirst(logger, "AppenderRef", Map.of("ref", probe(LogQueue.ASYNC_LOGGER)));
				probed.add(logger);
			}
		}
		// Every async logger's event meets a probe, its own or an ancestor's, so each
		// reference that is cut off at shutdown leaves an event a probe counts.
		for (Node logger : all) {
			if (isAsync(logger)) {
				cutOffReferences(logger);
			}
		}
	}

	/**
	 * Puts a {@link CutoffFilter} on each reference but the probe's. A reference takes one
	 * filter: one it has already is kept behind the cutoff in a composite.
	 */
	private void cutOffReferences(Node owner) {
		for (Node ref : Nodes.appenderRefs(owner)) {
			if (this.probeNames.contains(Nodes.attribute(ref, "ref"))) {
				continue;
			}
			List<Node> filters = new ArrayList<>(ref.getChildren());
			if (filters.isEmpty()) {
				this.nodes.add(ref, CutoffFilter.PLUGIN_NAME, Map.of());
				continue;
			}
			ref.getChildren().clear();
			Node composite = this.nodes.add(ref, "Filters", Map.of());
			this.nodes.add(composite, CutoffFilter.PLUGIN_NAME, Map.of());
			for (Node filter : filters) {
				if (Nodes.isA(filter, CompositeFilter.class)) {
					filter.getChildren().forEach((inner) -> adopt(composite, inner));
				}
				else {
					adopt(composite, filter);
				}
			}
		}
	}

	private static void adopt(Node parent, Node child) {
		parent.getChildren().add(Nodes.copy(child, parent));
	}

	/** Whether an event through this logger also reaches a probed ancestor. */
	private boolean probedUpstream(Node logger, Node root, Map<String, Node> byName, Set<Node> probed) {
		Node current = logger;
		while (current != null && current != root && additive(current)) {
			current = parent(Nodes.name(current), root, byName);
			if (probed.contains(current)) {
				return true;
			}
		}
		return false;
	}

	private static boolean refersOnlyTo(Set<String> appenderNames, Node asyncAppender) {
		for (Node ref : Nodes.appenderRefs(asyncAppender)) {
			if (!appenderNames.contains(Nodes.attribute(ref, "ref"))) {
				return false;
			}
		}
		return true;
	}

	/** Log4j2's parent: the closest configured logger named by cutting the name at a dot. */
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
			String probeName = QueueProbe.NAME_PREFIX + name;
			this.nodes.add(this.appenders, QueueProbe.PLUGIN_NAME,
					Map.of("name", probeName, "queue", name, "measure", String.valueOf(this.measure)));
			this.probeNames.add(probeName);
			return probeName;
		});
	}

	private static String queueName(Node asyncAppender) {
		List<String> refs = Nodes.appenderRefs(asyncAppender).stream().map((ref) -> Nodes.attribute(ref, "ref")).toList();
		return PipelineView.queueName(Nodes.name(asyncAppender), refs);
	}

}
