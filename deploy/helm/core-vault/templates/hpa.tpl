{{- /* CPU autoscaling (gateway, artifacts). KEDA-scaled apps get their HPA from KEDA. */}}
{{- range $name := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
{{- if and $app.hpa.enabled $app.keda.enabled }}
{{- fail (printf "apps.%s: hpa and keda are exclusive (KEDA creates its own HPA)" $name) }}
{{- end }}
{{- if $app.hpa.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "core-vault.appName" $ctx }}
  minReplicas: {{ $app.hpa.minReplicas }}
  maxReplicas: {{ $app.hpa.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $app.hpa.targetCPUUtilizationPercentage }}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
      policies:
        - { type: Pods, value: 1, periodSeconds: 60 }
{{- end }}
{{- end }}
