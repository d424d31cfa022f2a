// Gemini CLI's settings schema, restated as data: the type every key of a settings file must have
// for Gemini to accept the file (and cast its strings). Read from google-gemini/gemini-cli
// packages/cli/src/config/settingsSchema.ts at 5411f113ca, the snapshot the conformance cases come
// from, as its zod builder (settings-validation.ts) turns it into a schema: a `ref` in a setting's
// definition wins over its `type`, a JSON-schema definition without a `type` (e.g. ModelDefinition's
// `tier`) accepts anything, object settings keep unknown keys unless `rest` says otherwise. Only what
// decides a verdict is kept: no descriptions, defaults or labels.

/**
 * `'string' | 'number' | 'boolean'`: that JSON type (number and boolean cast from a string that
 * spells one); `'unknown'`: anything. `enum`: one of these values, uncast. `array` / `record`: every
 * item / every property value of that type. `object`: these optional keys (`required` ones must be
 * there); other keys are kept (`rest` absent), must have the type `rest` (a node), are refused
 * (`'strict'`), or are dropped from the cast data (`'strip'`). `anyOf`: the first that accepts. `ref`:
 * a node of GEMINI_SCHEMA_DEFINITIONS.
 */
export type SchemaNode =
  | 'string'
  | 'number'
  | 'boolean'
  | 'unknown'
  | { readonly enum: readonly (string | number | boolean)[] }
  | { readonly array: SchemaNode }
  | { readonly record: SchemaNode }
  | { readonly object: Readonly<Record<string, SchemaNode>>; readonly required?: readonly string[]; readonly rest?: SchemaNode | 'strict' | 'strip' }
  | { readonly anyOf: readonly SchemaNode[] }
  | { readonly ref: string };

/** The whole settings file, its top-level keys in Gemini's order (the cast data's order). */
export const GEMINI_SETTINGS_SCHEMA: SchemaNode = {
  object: {
    mcpServers: { record: { ref: 'MCPServerConfig' } },
    policyPaths: { array: 'string' },
    adminPolicyPaths: { array: 'string' },
    general: {
      object: {
        preferredEditor: {
          enum: [
            'vscode',
            'vscodium',
            'windsurf',
            'cursor',
            'zed',
            'antigravity',
            'sublimetext',
            'lapce',
            'nova',
            'bbedit',
            'vim',
            'neovim',
            'emacs',
            'hx',
            'emacsclient',
            'micro',
          ],
        },
        openEditorInNewWindow: 'boolean',
        vimMode: 'boolean',
        defaultApprovalMode: { enum: ['default', 'auto_edit', 'plan'] },
        devtools: 'boolean',
        enableAutoUpdate: 'boolean',
        enableAutoUpdateNotification: 'boolean',
        enableNotifications: 'boolean',
        notificationMethod: { enum: ['auto', 'osc9', 'osc777', 'bell'] },
        checkpointing: { object: { enabled: 'boolean' } },
        plan: { object: { enabled: 'boolean', directory: 'string', modelRouting: 'boolean' } },
        retryFetchErrors: 'boolean',
        maxAttempts: 'number',
        debugKeystrokeLogging: 'boolean',
        sessionRetention: { object: { enabled: 'boolean', maxAge: 'string', maxCount: 'number', minRetention: 'string' } },
        topicUpdateNarration: 'boolean',
        logRagSnippets: 'boolean',
      },
    },
    output: { object: { format: { enum: ['text', 'json'] } } },
    ui: {
      object: {
        debugRainbow: 'boolean',
        theme: 'string',
        autoThemeSwitching: 'boolean',
        terminalBackgroundPollingInterval: 'number',
        customThemes: { record: { ref: 'CustomTheme' } },
        hideWindowTitle: 'boolean',
        inlineThinkingMode: { enum: ['off', 'full'] },
        showStatusInTitle: 'boolean',
        dynamicWindowTitle: 'boolean',
        showHomeDirectoryWarning: 'boolean',
        showCompatibilityWarnings: 'boolean',
        hideTips: 'boolean',
        escapePastedAtSymbols: 'boolean',
        showShortcutsHint: 'boolean',
        compactToolOutput: 'boolean',
        hideBanner: 'boolean',
        hideContextSummary: 'boolean',
        footer: {
          object: {
            items: { array: 'string' },
            showLabels: 'boolean',
            hideCWD: 'boolean',
            hideSandboxStatus: 'boolean',
            hideModelInfo: 'boolean',
            hideContextPercentage: 'boolean',
          },
        },
        hideFooter: 'boolean',
        collapseDrawerDuringApproval: 'boolean',
        showMemoryUsage: 'boolean',
        showLineNumbers: 'boolean',
        showCitations: 'boolean',
        showModelInfoInChat: 'boolean',
        showUserIdentity: 'boolean',
        useAlternateBuffer: 'boolean',
        renderProcess: 'boolean',
        terminalBuffer: 'boolean',
        useBackgroundColor: 'boolean',
        incrementalRendering: 'boolean',
        showSpinner: 'boolean',
        loadingPhrases: { enum: ['tips', 'witty', 'all', 'off'] },
        errorVerbosity: { enum: ['low', 'full'] },
        customWittyPhrases: { array: 'string' },
        accessibility: { object: { enableLoadingPhrases: 'boolean', screenReader: 'boolean' } },
      },
    },
    ide: { object: { enabled: 'boolean', hasSeenNudge: 'boolean' } },
    privacy: { object: { usageStatisticsEnabled: 'boolean' } },
    telemetry: { anyOf: ['boolean', { ref: 'TelemetrySettings' }] },
    billing: {
      object: {
        overageStrategy: { enum: ['ask', 'always', 'never'] },
        vertexAi: { object: { requestType: { enum: ['dedicated', 'shared'] }, sharedRequestType: { enum: ['priority', 'flex'] } } },
      },
    },
    model: {
      object: {
        name: 'string',
        maxSessionTurns: 'number',
        summarizeToolOutput: { record: { ref: 'SummarizeToolOutputSettings' } },
        compressionThreshold: 'number',
        disableLoopDetection: 'boolean',
        skipNextSpeakerCheck: 'boolean',
      },
    },
    modelConfigs: {
      object: {
        aliases: { record: 'unknown' },
        customAliases: { record: 'unknown' },
        customOverrides: { array: 'unknown' },
        overrides: { array: 'unknown' },
        modelDefinitions: { record: { ref: 'ModelDefinition' } },
        modelIdResolutions: { record: { ref: 'ModelResolution' } },
        classifierIdResolutions: { record: { ref: 'ModelResolution' } },
        modelChains: { record: { ref: 'ModelPolicyChain' } },
      },
    },
    agents: {
      object: {
        overrides: { record: { ref: 'AgentOverride' } },
        browser: {
          object: {
            sessionMode: { enum: ['persistent', 'isolated', 'existing'] },
            headless: 'boolean',
            profilePath: 'string',
            visualModel: 'string',
            allowedDomains: { array: 'string' },
            disableUserInput: 'boolean',
            maxActionsPerTask: 'number',
            confirmSensitiveActions: 'boolean',
            blockFileUploads: 'boolean',
          },
        },
      },
    },
    context: {
      object: {
        fileName: { ref: 'StringOrStringArray' },
        importFormat: 'string',
        includeDirectoryTree: 'boolean',
        discoveryMaxDirs: 'number',
        memoryBoundaryMarkers: { array: 'string' },
        includeDirectories: { array: 'string' },
        loadMemoryFromIncludeDirectories: 'boolean',
        fileFiltering: {
          object: {
            respectGitIgnore: 'boolean',
            respectGeminiIgnore: 'boolean',
            enableFileWatcher: 'boolean',
            enableRecursiveFileSearch: 'boolean',
            enableFuzzySearch: 'boolean',
            customIgnoreFilePaths: { array: 'string' },
          },
        },
      },
    },
    tools: {
      object: {
        sandbox: { ref: 'BooleanOrStringOrObject' },
        sandboxAllowedPaths: { array: 'string' },
        sandboxNetworkAccess: 'boolean',
        shell: {
          object: {
            enableInteractiveShell: 'boolean',
            backgroundCompletionBehavior: { enum: ['silent', 'inject', 'notify'] },
            pager: 'string',
            showColor: 'boolean',
            inactivityTimeout: 'number',
            enableShellOutputEfficiency: 'boolean',
          },
        },
        core: { array: 'string' },
        allowed: { array: 'string' },
        confirmationRequired: { array: 'string' },
        exclude: { array: 'string' },
        discoveryCommand: 'string',
        callCommand: 'string',
        useRipgrep: 'boolean',
        truncateToolOutputThreshold: 'number',
        disableLLMCorrection: 'boolean',
      },
    },
    mcp: { object: { serverCommand: 'string', allowed: { array: 'string' }, excluded: { array: 'string' } } },
    useWriteTodos: 'boolean',
    security: {
      object: {
        toolSandboxing: 'boolean',
        disableYoloMode: 'boolean',
        disableAlwaysAllow: 'boolean',
        enablePermanentToolApproval: 'boolean',
        autoAddToPolicyByDefault: 'boolean',
        blockGitExtensions: 'boolean',
        allowedExtensions: { array: 'string' },
        folderTrust: { object: { enabled: 'boolean' } },
        environmentVariableRedaction: { object: { allowed: { array: 'string' }, blocked: { array: 'string' }, enabled: 'boolean' } },
        auth: { object: { selectedType: 'string', enforcedType: 'string', useExternal: 'boolean' } },
        enableConseca: 'boolean',
      },
    },
    advanced: {
      object: {
        autoConfigureMemory: 'boolean',
        dnsResolutionOrder: 'string',
        excludedEnvVars: { array: 'string' },
        ignoreLocalEnv: 'boolean',
        bugCommand: { ref: 'BugCommandSettings' },
      },
    },
    experimental: {
      object: {
        gemma: 'boolean',
        voiceMode: 'boolean',
        voice: {
          object: {
            activationMode: { enum: ['push-to-talk', 'toggle'] },
            backend: { enum: ['gemini-live', 'whisper'] },
            whisperModel: { enum: ['ggml-tiny.en.bin', 'ggml-base.en.bin', 'ggml-large-v3-turbo-q5_0.bin', 'ggml-large-v3-turbo-q8_0.bin'] },
            stopGracePeriodMs: 'number',
          },
        },
        adk: { object: { agentSessionNoninteractiveEnabled: 'boolean', agentSessionInteractiveEnabled: 'boolean', agentSessionSubagentEnabled: 'boolean' } },
        enableAgents: 'boolean',
        worktrees: 'boolean',
        extensionManagement: 'boolean',
        extensionConfig: 'boolean',
        extensionRegistry: 'boolean',
        extensionRegistryURI: 'string',
        extensionReloading: 'boolean',
        useOSC52Paste: 'boolean',
        useOSC52Copy: 'boolean',
        taskTracker: 'boolean',
        modelSteering: 'boolean',
        directWebFetch: 'boolean',
        dynamicModelConfiguration: 'boolean',
        gemmaModelRouter: { object: { enabled: 'boolean', autoStartServer: 'boolean', binaryPath: 'string', classifier: { object: { host: 'string', model: 'string' } } } },
        stressTestProfile: 'boolean',
        autoMemory: 'boolean',
        generalistProfile: 'boolean',
        powerUserProfile: 'boolean',
        contextManagement: 'boolean',
        topicUpdateNarration: 'boolean',
      },
    },
    extensions: { object: { disabled: { array: 'string' }, workspacesWithMigrationNudge: { array: 'string' } } },
    skills: { object: { enabled: 'boolean', disabled: { array: 'string' } } },
    hooksConfig: { object: { enabled: 'boolean', disabled: { array: 'string' }, notifications: 'boolean' } },
    hooks: {
      object: {
        BeforeTool: { ref: 'HookDefinitionArray' },
        AfterTool: { ref: 'HookDefinitionArray' },
        BeforeAgent: { ref: 'HookDefinitionArray' },
        AfterAgent: { ref: 'HookDefinitionArray' },
        Notification: { ref: 'HookDefinitionArray' },
        SessionStart: { ref: 'HookDefinitionArray' },
        SessionEnd: { ref: 'HookDefinitionArray' },
        PreCompress: { ref: 'HookDefinitionArray' },
        BeforeModel: { ref: 'HookDefinitionArray' },
        AfterModel: { ref: 'HookDefinitionArray' },
        BeforeToolSelection: { ref: 'HookDefinitionArray' },
      },
      rest: { array: 'unknown' },
    },
    contextManagement: {
      object: {
        historyWindow: { object: { maxTokens: 'number', retainedTokens: 'number' } },
        messageLimits: { object: { normalMaxTokens: 'number', retainedMaxTokens: 'number', normalizationHeadRatio: 'number' } },
        tools: {
          object: {
            distillation: { object: { maxOutputTokens: 'number', summarizationThresholdTokens: 'number' } },
            outputMasking: { object: { protectionThresholdTokens: 'number', minPrunableThresholdTokens: 'number', protectLatestTurn: 'boolean' } },
          },
        },
      },
    },
    admin: {
      object: {
        secureModeEnabled: 'boolean',
        extensions: { object: { enabled: 'boolean' } },
        mcp: { object: { enabled: 'boolean', config: { record: { ref: 'MCPServerConfig' } }, requiredConfig: { record: { ref: 'RequiredMcpServerConfig' } } } },
        skills: { object: { enabled: 'boolean' } },
      },
    },
  },
};

export const GEMINI_SCHEMA_DEFINITIONS: Readonly<Record<string, SchemaNode>> = {
  MCPServerConfig: {
    object: {
      command: 'string',
      args: { array: 'string' },
      env: { object: {}, rest: 'string' },
      cwd: 'string',
      url: 'string',
      httpUrl: 'string',
      headers: { object: {}, rest: 'string' },
      tcp: 'string',
      type: { enum: ['stdio', 'sse', 'http'] },
      timeout: 'number',
      trust: 'boolean',
      description: 'string',
      includeTools: { array: 'string' },
      excludeTools: { array: 'string' },
      extension: { object: {}, rest: 'unknown' },
      oauth: { object: {} },
      authProviderType: { enum: ['dynamic_discovery', 'google_credentials', 'service_account_impersonation'] },
      targetAudience: 'string',
      targetServiceAccount: 'string',
    },
    rest: 'strict',
  },
  RequiredMcpServerConfig: {
    object: {
      url: 'string',
      type: { enum: ['sse', 'http'] },
      headers: { object: {}, rest: 'string' },
      timeout: 'number',
      trust: 'boolean',
      description: 'string',
      includeTools: { array: 'string' },
      excludeTools: { array: 'string' },
      oauth: { object: {} },
      authProviderType: { enum: ['dynamic_discovery', 'google_credentials', 'service_account_impersonation'] },
      targetAudience: 'string',
      targetServiceAccount: 'string',
    },
    rest: 'strict',
  },
  TelemetrySettings: {
    object: {
      enabled: 'boolean',
      target: 'string',
      otlpEndpoint: 'string',
      otlpProtocol: { enum: ['grpc', 'http'] },
      traces: 'boolean',
      logPrompts: 'boolean',
      outfile: 'string',
      useCollector: 'boolean',
      useCliAuth: 'boolean',
    },
    rest: 'strict',
  },
  BugCommandSettings: { object: { urlTemplate: 'string' }, required: ['urlTemplate'], rest: 'strict' },
  SummarizeToolOutputSettings: { object: { tokenBudget: 'number' }, rest: 'strict' },
  AgentOverride: {
    object: { modelConfig: { object: {} }, runConfig: { object: { maxTimeMinutes: 'number', maxTurns: 'number' }, rest: 'strict' }, enabled: 'boolean' },
    rest: 'strict',
  },
  CustomTheme: {
    object: {
      type: { enum: ['custom'] },
      name: 'string',
      text: { object: { primary: 'string', secondary: 'string', link: 'string', accent: 'string', response: 'string' }, rest: 'strict' },
      background: { object: { primary: 'string', diff: { object: { added: 'string', removed: 'string' }, rest: 'strict' } }, rest: 'strict' },
      border: { object: { default: 'string', focused: 'string' }, rest: 'strict' },
      ui: { object: { comment: 'string', symbol: 'string', gradient: { array: 'string' } }, rest: 'strict' },
      status: { object: { error: 'string', success: 'string', warning: 'string' }, rest: 'strict' },
      Background: 'string',
      Foreground: 'string',
      LightBlue: 'string',
      AccentBlue: 'string',
      AccentPurple: 'string',
      AccentCyan: 'string',
      AccentGreen: 'string',
      AccentYellow: 'string',
      AccentRed: 'string',
      DiffAdded: 'string',
      DiffRemoved: 'string',
      Comment: 'string',
      Gray: 'string',
      DarkGray: 'string',
      GradientColors: { array: 'string' },
    },
    required: ['type', 'name'],
    rest: 'strict',
  },
  StringOrStringArray: { anyOf: ['string', { array: 'string' }] },
  BooleanOrStringOrObject: {
    anyOf: [
      'boolean',
      'string',
      {
        object: {
          enabled: 'boolean',
          command: { enum: ['docker', 'podman', 'sandbox-exec', 'runsc', 'lxc'] },
          image: 'string',
          allowedPaths: { array: 'string' },
          networkAccess: 'boolean',
        },
        rest: 'strict',
      },
    ],
  },
  HookDefinitionArray: {
    array: { object: { matcher: 'string', hooks: { array: { object: { name: 'string', type: 'string', command: 'string', description: 'string', timeout: 'number' } } } } },
  },
  ModelDefinition: {
    object: {
      displayName: 'string',
      tier: 'unknown',
      family: 'string',
      isPreview: 'boolean',
      isVisible: 'boolean',
      dialogDescription: 'string',
      features: { object: { thinking: 'boolean', multimodalToolUse: 'boolean' } },
    },
  },
  ModelResolution: {
    object: {
      default: 'string',
      contexts: {
        array: {
          object: {
            condition: {
              object: { useGemini3_1: 'boolean', useGemini3_1FlashLite: 'boolean', useCustomTools: 'boolean', hasAccessToPreview: 'boolean', requestedModels: { array: 'string' } },
            },
            target: 'string',
          },
        },
      },
    },
  },
  ModelPolicyChain: { array: { object: {} } },
  ModelPolicy: {
    object: {
      model: 'string',
      isLastResort: 'boolean',
      actions: {
        object: {
          terminal: { enum: ['silent', 'prompt'] },
          transient: { enum: ['silent', 'prompt'] },
          not_found: { enum: ['silent', 'prompt'] },
          unknown: { enum: ['silent', 'prompt'] },
        },
      },
      stateTransitions: {
        object: {
          terminal: { enum: ['terminal', 'sticky_retry'] },
          transient: { enum: ['terminal', 'sticky_retry'] },
          not_found: { enum: ['terminal', 'sticky_retry'] },
          unknown: { enum: ['terminal', 'sticky_retry'] },
        },
      },
    },
    required: ['model'],
  },
};
