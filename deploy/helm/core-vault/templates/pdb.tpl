{{- range $name := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
{{- if $app.pdb.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  {{- if hasKey $app.pdb "minAvailable" }}
  minAvailable: {{ $app.pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $app.pdb.maxUnavailable | default 1 }}
  {{- end }}
  # Lets a node drain evict pods that never became ready.
  unhealthyPodEvictionPolicy: AlwaysAllow
  selector:
    matchLabels:
      {{- include "core-vault.selectorLabels" $ctx | nindent 6 }}
{{- end }}
{{- end }}
