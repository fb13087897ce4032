import PasskeyLoginFlow
import SpecRunner

/// The flows the tool checks specs against. Adding a flow is one entry here (and its module);
/// the commands take the registry as input, so tests can run them with flows of their own.
public enum FlowCatalogue {
    public static let registered = FlowRegistry([PasskeyLoginFlow.flow])
}
