{{- /* One ConfigMap per app: its non-secret environment. Secrets never go here. */}}
{{- range $name := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
data:
  {{- include "core-vault.appEnv" $ctx | nindent 2 }}
{{- end }}
