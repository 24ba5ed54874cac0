package io.asynclog.log4j2.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.AppendersPlugin;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.LoggersPlugin;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.util.PluginManager;
import org.apache.logging.log4j.core.config.plugins.util.PluginType;

/**
 * Reads and edits a Log4j2 configuration's node tree before Log4j2 builds plugins from it.
 * Nodes are recognised by plugin class, not element name, so every file format is alike.
 *
 * @author asynclog
 */
final class Nodes {

	private final PluginManager plugins;

	Nodes(PluginManager plugins) {
		this.plugins = plugins;
	}

	/** Creates a node of the named plugin, appended to the parent's children. */
	Node add(Node parent, String pluginName, Map<String, String> attributes) {
		Node node = new Node(parent, pluginName, type(pluginName));
		node.getAttributes().putAll(attributes);
		parent.getChildren().add(node);
		return node;
	}

	/** Creates a node of the named plugin, placed before the parent's other children. */
	Node addFirst(Node parent, String pluginName, Map<String, String> attributes) {
		Node node = add(parent, pluginName, attributes);
		parent.getChildren().remove(node);
		parent.getChildren().add(0, node);
		return node;
	}

	/** Replaces a node by a node of another plugin with the same attributes and children. */
	Node retype(Node node, String pluginName) {
		PluginType<?> type = type(pluginName);
		if (node.getType() != null && node.getType().getPluginClass() == type.getPluginClass()) {
			return node;
		}
		Node parent = node.getParent();
		Node replacement = copy(node, parent, pluginName, type);
		List<Node> siblings = parent.getChildren();
		siblings.set(siblings.indexOf(node), replacement);
		return replacement;
	}

	/** Copies a node, with its attributes and children, under another parent. */
	static Node copy(Node node, Node parent) {
		return copy(node, parent, node.getName(), node.getType());
	}

	private static Node copy(Node node, Node parent, String name, PluginType<?> type) {
		Node copy = new Node(parent, name, type);
		copy.getAttributes().putAll(node.getAttributes());
		copy.setValue(node.getValue());
		for (Node child : node.getChildren()) {
			copy.getChildren().add(copy(child, copy, child.getName(), child.getType()));
		}
		return copy;
	}

	private PluginType<?> type(String pluginName) {
		PluginType<?> type = this.plugins.getPluginType(pluginName);
		if (type == null) {
			throw new IllegalStateException("Log4j2 plugin '" + pluginName + "' is not available");
		}
		return type;
	}

	Node loggers(Node root) {
		return child(root, LoggersPlugin.class);
	}

	Node appenders(Node root) {
		return child(root, AppendersPlugin.class);
	}

	private static Node child(Node parent, Class<?> pluginClass) {
		for (Node child : parent.getChildren()) {
			if (isA(child, pluginClass)) {
				return child;
			}
		}
		return null;
	}

	static boolean isRootLogger(Node node) {
		return isA(node, LoggerConfig.RootLogger.class) || isA(node, AsyncLoggerConfig.RootLogger.class);
	}

	static boolean isNamedLogger(Node node) {
		return isExactly(node, LoggerConfig.class) || isExactly(node, AsyncLoggerConfig.class);
	}

	/** Log4j2's AsyncRoot plugin class is not itself an AsyncLoggerConfig. */
	static boolean isAsyncLogger(Node node) {
		return isA(node, AsyncLoggerConfig.class) || isA(node, AsyncLoggerConfig.RootLogger.class);
	}

	static boolean isAppenderRef(Node node) {
		return isA(node, AppenderRef.class);
	}

	static boolean isA(Node node, Class<?> pluginClass) {
		return node.getType() != null && pluginClass.isAssignableFrom(node.getType().getPluginClass());
	}

	private static boolean isExactly(Node node, Class<?> pluginClass) {
		return node.getType() != null && node.getType().getPluginClass() == pluginClass;
	}

	/** Returns an attribute, matched ignoring case as Log4j2 does. */
	static String attribute(Node node, String name) {
		for (Map.Entry<String, String> entry : node.getAttributes().entrySet()) {
			if (entry.getKey().equalsIgnoreCase(name)) {
				return entry.getValue();
			}
		}
		return null;
	}

	/** Sets an attribute, replacing one of the same name in any case. */
	static void setAttribute(Node node, String name, String value) {
		node.getAttributes().keySet().removeIf(name::equalsIgnoreCase);
		node.getAttributes().put(name, value);
	}

	static String name(Node node) {
		return attribute(node, "name");
	}

	static List<Node> appenderRefs(Node logger) {
		List<Node> refs = new ArrayList<>();
		for (Node child : logger.getChildren()) {
			if (isAppenderRef(child)) {
				refs.add(child);
			}
		}
		return refs;
	}

	/** Adds a reference to each named appender the logger does not reference yet. */
	void addAppenderRefs(Node logger, List<String> appenderNames) {
		Set<String> referenced = new HashSet<>();
		appenderRefs(logger).forEach((ref) -> referenced.add(attribute(ref, "ref")));
		for (String appenderName : appenderNames) {
			if (referenced.add(appenderName)) {
				add(logger, "AppenderRef", Map.of("ref", appenderName));
			}
		}
	}

	void setAppenderRefs(Node logger, List<String> appenderNames) {
		logger.getChildren().removeIf(Nodes::isAppenderRef);
		for (String appenderName : appenderNames) {
			add(logger, "AppenderRef", Map.of("ref", appenderName));
		}
	}

}
