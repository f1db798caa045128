{{- /* KEDA ScaledObjects: analytics on its Kafka consumer lag, onboarding on the length of its
BullMQ wait list in Redis. KEDA owns the HPA of these Deployments. */}}
{{- range $name := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
{{- if $app.keda.enabled }}
{{- $keda := $app.keda }}
{{- if not (or $keda.kafka $keda.redis) }}
{{- fail (printf "apps.%s.keda: set kafka or redis" $name) }}
{{- end }}
{{- if $keda.redis }}
---
apiVersion: keda.sh/v1alpha1
kind: TriggerAuthentication
metadata:
  name: {{ include "core-vault.appName" $ctx }}-redis
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  # Read from a Secret created outside the chart, like the apps' own.
  secretTargetRef:
    - parameter: address
      name: {{ $keda.redis.existingSecret | default (printf "%s-keda" (include "core-vault.appName" $ctx)) }}
      key: {{ $keda.redis.addressKey }}
    {{- if $keda.redis.passwordKey }}
    - parameter: password
      name: {{ $keda.redis.existingSecret | default (printf "%s-keda" (include "core-vault.appName" $ctx)) }}
      key: {{ $keda.redis.passwordKey }}
    {{- end }}
{{- end }}
---
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "core-vault.appName" $ctx }}
  minReplicaCount: {{ $keda.minReplicas }}
  maxReplicaCount: {{ $keda.maxReplicas }}
  pollingInterval: {{ $keda.pollingInterval }}
  cooldownPeriod: {{ $keda.cooldownPeriod }}
  triggers:
    {{- with $keda.kafka }}
    - type: kafka
      metadata:
        bootstrapServers: {{ $.Values.kafka.bootstrapServers | quote }}
        consumerGroup: {{ .consumerGroup | quote }}
        lagThreshold: {{ .lagThreshold | quote }}
        offsetResetPolicy: earliest
        {{- with .topic }}
        topic: {{ . | quote }}
        {{- end }}
      {{- with .authenticationRef }}
      authenticationRef:
        name: {{ . }}
      {{- end }}
    {{- end }}
    {{- with $keda.redis }}
    - type: redis
      metadata:
        listName: {{ .listName | quote }}
        listLength: {{ .listLength | quote }}
        databaseIndex: {{ .databaseIndex | quote }}
        enableTLS: {{ .enableTLS | toString | quote }}
      authenticationRef:
        name: {{ include "core-vault.appName" $ctx }}-redis
    {{- end }}
{{- end }}
{{- end }}
